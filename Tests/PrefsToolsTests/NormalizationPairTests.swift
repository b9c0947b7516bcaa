import Foundation
import PrefsTestHelpers
import PrefsTools
import Testing

/// Two keys that differ only in Unicode normalization are two keys: every document `prefs` writes would keep one, so
/// each refuses in one line, writing nothing, and a listing shows both.
@Suite(.threadOfItsOwn) struct NormalizationPairTests {
    /// A suite another program wrote, holding `café` composed and decomposed, each with its own value.
    private static let pair = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>\
        <key>caf\u{E9}</key><string>composed</string>\
        <key>cafe\u{301}</key><string>decomposed</string>\
        </dict></plist>
        """

    @Test func everyDocumentRefusesAndAListingShowsBoth() throws {
        let fixture = try ToolFixture()
        try FileManager.default.createDirectory(at: fixture.configDirectory, withIntermediateDirectories: true)
        let file = fixture.configDirectory.appendingPathComponent("s.plist")
        try Data(Self.pair.utf8).write(to: file)
        let listed = fixture.run { try ReadRequest(suite: "s").perform(in: fixture.context) }
        #expect(listed.thrown == nil)
        #expect(listed.output.split(separator: "\n").count == 2, "\(listed.output)")
        #expect(listed.output.contains("composed") && listed.output.contains("decomposed"))

        // The keys are named by their code points, so that two that look alike read apart.
        let refusal =
            #"holds two keys that differ only in Unicode normalization, "cafe\u{301}" and "caf\u{E9}", which "#
        let documents: [() throws -> Void] = [
            { _ = try SuiteTransfer.export("s", as: .plist, in: fixture.context) },
            { _ = try SuiteTransfer.export("s", as: .json, in: fixture.context) },
            { _ = try SuiteTransfer.export("s", as: .binary, in: fixture.context) },
            { _ = try SuiteTransfer.exportQuietly("s", as: .plist, in: fixture.context) },
            { _ = try ConfigurationDump.dump(nonDefault: false, in: fixture.context) },
            { try ReadRequest(suite: "s", json: true).perform(in: fixture.context) },
            { try ReadRequest(suite: nil, json: true).perform(in: fixture.context) },
        ]
        for (index, document) in documents.enumerated() {
            let result = fixture.run(document)
            let message = result.thrown.map { "\($0)" } ?? ""
            #expect(message.contains(refusal), "\(index): \(message)")
            #expect(!message.contains("\n"), "\(index)")
            #expect(result.output.isEmpty || index == 6, "\(index): \(result.output)")
        }
        #expect(try Data(contentsOf: file) == Data(Self.pair.utf8), "nothing was written")
    }
}
