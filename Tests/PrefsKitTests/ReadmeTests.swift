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
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/PrefsKitTests/QuickStart.swift"), encoding: .utf8)
        let compiled = try #require(
            Self.between("// README quick start: begin\n", "// README quick start: end", in: source))
        let section = try #require(Self.between("## Quick start", "\n## ", in: readme))
        let shown = try #require(Self.between("```swift\n", "```", in: section))
        #expect(shown == compiled)
    }

    @Test func theFileStoreExampleInTheReadmeIsTheCodeThisTargetCompiles() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/PrefsKitTests/FileStoreExample.swift"), encoding: .utf8)
        let compiled = try #require(
            Self.between("// README file store example: begin\n", "// README file store example: end", in: source))
        let section = try #require(Self.between("## The file store", "\n## ", in: readme))
        let shown = try #require(Self.between("```swift\n", "```", in: section))
        #expect(shown == compiled)
    }

    @Test func theQuickStartRunsAsItsCommentsSay() async throws {
        let scope = try ScopedUserDefaults()
        try await quickStart(defaults: scope.defaults)
        #expect(scope.defaults.string(forKey: "appearance") == "dark")
        #expect(scope.defaults.inspect(.fontSize).status == .wrongType(expected: .double, found: .string("huge")))
        let schema = try PreferenceSchema(keys: [PersistentKey.fontSize])
        #expect(throws: PreferenceSchemaError.outOfRange(key: "fontSize", value: "200.0", range: .real(8...72))) {
            try schema.parse("200", forKey: "fontSize")
        }
    }

    @Test func theDemoManifestInAssetsIsWhatTheDemoExports() throws {
        let asset = try Data(contentsOf: Self.root.appendingPathComponent("Assets/theme-demo.schema.json"))
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
