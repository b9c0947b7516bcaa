import Foundation
import PrefsKit
import PrefsTestSupport
import Testing

@testable import theme_demo

/// Keeps the README and Assets/ honest: what they show is what the code compiles and does.
@Suite struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theQuickStartInTheReadmeIsTheCodeThisTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            section: "## Quick start", file: "prefsTests/QuickStart.swift", marker: "quick start")
        #expect(shown == compiled)
    }

    @Test func theFileStoreExampleInTheReadmeIsTheCodeThisTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            section: "## The file store", file: "prefsTests/FileStoreExample.swift", marker: "file store example")
        #expect(shown == compiled)
    }

    @Test func theConformanceExampleInTheReadmeIsTheCodeATestTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            section: "## Capabilities", file: "PrefsTestSupportTests/ConformanceExample.swift",
            marker: "conformance example")
        #expect(shown == compiled)
    }

    /// The first Swift block of a README section, and the code between `// README <marker>: begin` and `…: end` in a
    /// file of a test target (`file` is relative to `Tests/`).
    private static func example(section: String, file: String, marker: String) throws -> (
        shown: String, compiled: String
    ) {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent("Tests/\(file)"), encoding: .utf8)
        let compiled = try #require(between("// README \(marker): begin\n", "// README \(marker): end", in: source))
        let text = try #require(between(section, "\n## ", in: readme))
        let shown = try #require(between("```swift\n", "```", in: text))
        return (shown, compiled)
    }

    @Test func theQuickStartRunsAsItsCommentsSay() async throws {
        let scope = try ScopedUserDefaults()
        try await quickStart(defaults: scope.defaults)
        #expect(scope.defaults.string(forKey: "appearance") == "dark")
        #expect(scope.defaults.inspect(.fontSize).status == .wrongType(expected: .double, found: .string("huge")))
        #expect("\(scope.defaults.inspect(.fontSize).status)" == #"stored value "huge" is a string, not a number"#)
        let schema = try PreferenceSchema(keys: [PersistentKey.fontSize])
        #expect(throws: PreferenceSchemaError.outOfRange(key: "fontSize", value: "200.0", range: .real(8...72))) {
            try schema.parse("200", forKey: "fontSize")
        }
    }

    @Test func theDemoManifestInAssetsIsWhatTheDemoExports() throws {
        let asset = try Data(
            contentsOf: Self.root.appendingPathComponent("Assets/demo/schemas/com.example.theme-demo.json"))
        #expect(try PreferenceSchema(manifest: asset) == ThemeSettings.schema())
        #expect(
            String(decoding: asset, as: UTF8.self) == String(
                decoding: try ThemeSettings.schema().manifest(), as: UTF8.self) + "\n")
    }

    private static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let lower = text.range(of: start),
            let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
        else {
            return nil
        }
        return String(text[lower.upperBound..<upper.lowerBound])
    }
}
