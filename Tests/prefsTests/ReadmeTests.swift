import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import theme_demo

/// Keeps the README and Assets/ honest: what they show is what the code compiles and does.
@Suite(.threadOfItsOwn) struct ReadmeTests {
    @Test func theQuickStartInTheReadmeIsTheCodeThisTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            section: "## Quick start", file: "prefsTests/QuickStart.swift", marker: "quick start")
        #expect(shown == compiled)
    }

    @Test func theFileStoreExampleInItsArticleIsTheCodeThisTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            document: "Sources/PrefsFileStore/PrefsFileStore.docc/TheFileStore.md",
            file: "prefsTests/FileStoreExample.swift", marker: "file store example")
        #expect(shown == compiled)
    }

    @Test func theWriterNameExampleInItsArticleIsTheCodeThisTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            document: "Sources/PrefsKit/PrefsKit.docc/StoresAndCapabilities.md", section: "**Who wrote a change.**",
            file: "prefsTests/WriterNameExample.swift", marker: "writer name example")
        #expect(shown == compiled)
    }

    @Test func theConformanceExampleInItsArticleIsTheCodeATestTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            document: "Sources/PrefsKit/PrefsKit.docc/StoresAndCapabilities.md", section: "## Capabilities",
            file: "PrefsTestSupportTests/ConformanceExample.swift", marker: "conformance example")
        #expect(shown == compiled)
    }

    @Test func theExampleStoreInItsArticleIsTheCodeATestTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            document: "Sources/PrefsKit/PrefsKit.docc/StoresAndCapabilities.md", section: "## A store on the kit",
            file: "PrefsStoresTests/LineFileStoreExample.swift", marker: "line file store example")
        #expect(shown == compiled)
    }

    @Test func theSwiftConfigurationExampleInItsArticleIsTheCodeATestTargetCompiles() throws {
        let (shown, compiled) = try Self.example(
            document: "Sources/PrefsConfiguration/PrefsConfiguration.docc/SwiftConfiguration.md",
            file: "PrefsConfigurationTests/ReadmeConfigurationExample.swift", marker: "swift-configuration example")
        #expect(shown == compiled)
    }

    /// The first Swift block of a document (from `section` on, up to the next section), and the code between
    /// `// README <marker>: begin` and `…: end` in a file of a test target (`file` is relative to `Tests/`).
    private static func example(document: String = "README.md", section: String = "", file: String, marker: String)
        throws -> (shown: String, compiled: String)
    {
        let text = try ProjectFile.text(document)
        let source = try ProjectFile.text("Tests/\(file)")
        let compiled = try #require(between("// README \(marker): begin\n", "// README \(marker): end", in: source))
        let part = section.isEmpty ? text : try #require(between(section, "\n## ", in: text + "\n## "))
        let shown = try #require(between("```swift\n", "```", in: part))
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
            contentsOf: ProjectFile.root.appendingPathComponent("Assets/demo/schemas/com.example.theme-demo.json"))
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
