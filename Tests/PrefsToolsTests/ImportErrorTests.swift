import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// An import that fails says why: the parser's own reason for a broken property list, the shape for JSON that is
/// not an object; and nothing is written.
@Suite(.threadOfItsOwn) struct ImportErrorTests {
    @Test(arguments: [
        (
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><integer>x</integer></dict></plist>"#,
            "cannot be imported: a malformed property list: "
        ),
        (
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><string>x</dict></plist>"#,
            "cannot be imported: a malformed property list: "
        ),
        ("[1, 2]", "is JSON but not an object: a suite is a JSON object of keys and values"),
        ("just words", "is neither a property list nor JSON"),
        // Broken JSON says where, as an editor counts: line, column (in characters) and what stands there.
        (
            "{\"a\": \"é\",\n \"b\": x}",
            #"is not JSON a suite can hold: "{"a": "é",\n "b": x}" is not valid JSON (line 2, column 7, at "x")"#
        ),
        (
            "{\"a\": 1",
            #"is not JSON a suite can hold: "{"a": 1" is not valid JSON (line 1, column 8, at the end of the text)"#
        ),
    ])
    func theErrorNamesTheRealCause(document: String, cause: String) throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "app", key: "kept", value: "1").perform(in: fixture.context)
        #expect {
            try SuiteTransfer.importDocument(
                Data(document.utf8), named: "doc", into: "app", replace: true, force: false, in: fixture.context)
        } throws: { error in
            "\(error)".hasPrefix("doc \(cause)")
        }
        #expect(try fixture.context.existingSuite("app").primitiveValues() == ["kept": .string("1")])
    }
}
