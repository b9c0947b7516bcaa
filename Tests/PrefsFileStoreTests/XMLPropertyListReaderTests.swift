import Foundation
import PrefsKit
import PrefsTestHelpers
import PropertyBased
import Testing

@testable import PrefsFileStore

/// The fast reader must read exactly what Foundation's parser reads, and defer to it for anything else.
@Suite(.threadOfItsOwn) struct XMLPropertyListReaderTests {
    private static let anyString = Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map(Character.init)
        .string(of: 0...12)

    private static func foundation(_ data: Data) throws -> [String: PropertyListValue] {
        try FoundationReading.values(data)
    }

    @Test func agreesWithFoundationOnWhatTheWriterWrites() async {
        await propertyCheck(count: 300, input: Self.anyString, Self.anyString, Gen.int(in: Int.min...Int.max)) {
            key, text, number throws in
            let values: [String: PropertyListValue] = [
                key: .string(text), "n": .int(number),
                "list": .array([.string(text), .bool(number.isMultiple(of: 2))]),
            ]
            let data = XMLPropertyListWriter.encode(values)
            let fast = try #require(try XMLPropertyListReader.decode(data))
            #expect(fast == (try Self.foundation(data)))
            #expect(fast == values)
        }
    }

    @Test func decodesAReferenceFollowedByACombiningMark() throws {
        let values: [String: PropertyListValue] = ["": .string("\u{07}\u{1CF9}"), "b": .string("&\u{301}")]
        let data = XMLPropertyListWriter.encode(values)
        #expect(try XMLPropertyListReader.decode(data) == values)
    }

    /// Text is scanned for its next `<` once and for each `&` after it: runs between many references, a reference
    /// last, CDATA between them, and text before the first `<` of a closing tag, all read as Foundation reads them.
    @Test func readsTextOfManyReferencesAndCDATAAsFoundationDoes() throws {
        let many = String(repeating: "a&amp;", count: 20_000) + "&lt;"
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>many</key><string>\(many)</string>
            <key>mixed</key><string>x&amp;<![CDATA[<y> & z]]>&#65;b<![CDATA[]]>c</string>
            <key>plain</key><string>no references at all</string>
            <key>last</key><string>&amp;</string>
            </dict></plist>
            """
        let data = Data(text.utf8)
        let fast = try #require(try XMLPropertyListReader.decode(data))
        #expect(fast == (try Self.foundation(data)))
        #expect(fast["many"] == .string(String(repeating: "a&", count: 20_000) + "<"))
        #expect(fast["mixed"] == .string("x&<y> & zAbc"))
        #expect(fast["last"] == .string("&"))
    }

    @Test func agreesWithFoundationOnWhatFoundationWrites() throws {
        let object: [String: Any] = [
            "real": 0.1, "whole": 3.0, "int": -42, "flag": false, "text": "a < b & \"c\"",
            "bytes": Data(repeating: 9, count: 100),
            "when": Date(timeIntervalSince1970: 1_700_000_000), "empty": [String: Any](),
            "list": [1, "two", [3.5]] as [Any],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        let fast = try #require(try XMLPropertyListReader.decode(data))
        #expect(fast == (try Self.foundation(data)))
        #expect(fast["real"] == .double(0.1))
    }

    @Test func readsHandEditsWithCommentsAndEntities() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- edited by hand -->
            <plist version="1.0">
            <dict>
                <!-- the theme -->
                <key>theme</key> <string>dark &amp; moody &#x1F319;</string>
                <key>count</key><integer>7</integer>
                <key>on</key><true></true>
                <key>empty</key><string/>
                <key>nothing</key><array/>
                <key>big</key><real>+infinity</real>
            </dict>
            </plist>
            """
        let data = Data(text.utf8)
        let fast = try #require(try XMLPropertyListReader.decode(data))
        #expect(fast == (try Self.foundation(data)))
        #expect(fast["theme"] == .string("dark & moody 🌙"))
        #expect(fast["count"] == .int(7))
    }

    @Test(arguments: [
        "bplist00\u{0}\u{1}",
        #"<plist version="1.0"><dict><key>k</key><float>1</float></dict></plist>"#,
        #"<plist version="1.0"><dict><key>k</key><string>unterminated</dict></plist>"#,
        #"<plist version="1.0"><array><string>root is not a dictionary</string></array></plist>"#,
        "garbage",
        #"<plist version="1.0"><dict><key>k</key><integer> 7 </integer></dict></plist>"#,
    ])
    func defersToFoundationOutsideItsSubset(text: String) throws {
        #expect(try XMLPropertyListReader.decode(Data(text.utf8)) == nil)
    }
}
