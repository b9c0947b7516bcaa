import Foundation
import PrefsKit
import Testing

@Suite struct PropertyListValueTests {
    @Test func bridgesFoundationObjectsTellingBooleansFromIntegers() throws {
        #expect(PropertyListValue(propertyListObject: true) == .bool(true))
        #expect(PropertyListValue(propertyListObject: 1) == .int(1))
        #expect(PropertyListValue(propertyListObject: NSNumber(value: true)) == .bool(true))
        #expect(PropertyListValue(propertyListObject: NSNumber(value: 1)) == .int(1))
        #expect(PropertyListValue(propertyListObject: NSNumber(value: 2.5)) == .double(2.5))
        #expect(PropertyListValue(propertyListObject: Float(1.5)) == .double(1.5))
        let nested: [String: Any] = ["a": [1, "x"] as [Any], "b": ["c": Date(timeIntervalSince1970: 5)]]
        #expect(
            PropertyListValue(propertyListObject: nested)
                == .dictionary([
                    "a": .array([.int(1), .string("x")]),
                    "b": .dictionary(["c": .date(Date(timeIntervalSince1970: 5))]),
                ]))
        #expect(PropertyListValue(propertyListObject: NSObject()) == nil)
    }

    @Test func survivesAPropertyListSerializationRoundTrip() throws {
        let value = PropertyListValue.dictionary([
            "flag": .bool(false), "count": .int(-3), "ratio": .double(0.25), "name": .string("ünïcødé 漢字"),
            "blob": .data(Data([0, 1, 255])), "when": .date(Date(timeIntervalSince1970: 1_700_000_000)),
            "list": .array([.int(1), .int(2)]),
        ])
        let data = try PropertyListSerialization.data(
            fromPropertyList: value.propertyListObject, format: .xml, options: 0)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(PropertyListValue(propertyListObject: object) == value)
    }

    @Test(arguments: [
        ("true", PrimitiveKind.bool, PropertyListValue.bool(true)),
        ("NO", .bool, .bool(false)),
        (" 42 ", .int, .int(42)),
        ("-7", .int, .int(-7)),
        ("2.5", .double, .double(2.5)),
        ("3", .double, .double(3)),
        ("  keep spaces ", .string, .string("  keep spaces ")),
        ("2024-05-01T12:00:00Z", .date, .date(Date(timeIntervalSince1970: 1_714_564_800))),
        ("2024-05-01T14:00:00+02:00", .date, .date(Date(timeIntervalSince1970: 1_714_564_800))),
        ("2024-05-01", .date, .date(Date(timeIntervalSince1970: 1_714_521_600))),
        ("AAH/", .data, .data(Data([0, 1, 255]))),
        ("[1, 2]", .array(.int), .array([.int(1), .int(2)])),
        ("[1, 2.0]", .array(.int), .array([.int(1), .int(2)])),
        (#"{"a": ["x"]}"#, .dictionary(.array(.string)), .dictionary(["a": .array([.string("x")])])),
        (#"["2024-05-01T12:00:00Z"]"#, .array(.date), .array([.date(Date(timeIntervalSince1970: 1_714_564_800))])),
    ])
    func parsesText(text: String, kind: PrimitiveKind, expected: PropertyListValue) throws {
        #expect(try PropertyListValue(parsing: text, as: kind) == expected)
    }

    @Test(arguments: [
        ("abc", PrimitiveKind.int, #""abc" is not an integer"#),
        ("2.5", .int, #""2.5" is not a whole number"#),
        ("maybe", .bool, #""maybe" is not a Boolean (true or false)"#),
        ("inf", .double, #""inf" is not a finite number"#),
        (
            "yesterday", .date,
            #""yesterday" is not a date: give ISO 8601 (2026-11-23T14:00:00Z) or a local time (2026-11-23 15:00)"#
        ),
        ("%%%", .data, #""%%%" is not base64 data"#),
        ("[1, ", .array(.int), #""[1," is not valid JSON (line 1, column 4, at the end of the text)"#),
        (#"["a"]"#, .array(.int), #""a" is not an integer"#),
        (#"{"a": 1}"#, .array(.int), #""{"a":1}" is not an array of integers"#),
    ])
    func rejectsTextNamingIt(text: String, kind: PrimitiveKind, message: String) {
        #expect {
            try PropertyListValue(parsing: text, as: kind)
        } throws: { error in
            (error as? PropertyListValueParseError)?.description == message
        }
    }

    @Test func rendersTextThatParsesBack() throws {
        let values: [PropertyListValue] = [
            .bool(true), .int(Int.min), .double(-0.125), .string("a\nb"), .data(Data("hi".utf8)),
            .date(Date(timeIntervalSince1970: 1_700_000_000.5)), .array([.string("x"), .string("y")]),
            .dictionary(["k": .int(1)]),
        ]
        for value in values {
            #expect(try PropertyListValue(parsing: value.text, as: value.kind) == value)
        }
        #expect(PropertyListValue.dictionary(["b": .int(2), "a": .bool(true)]).text == #"{"a":true,"b":2}"#)
    }

    @Test func escapesControlCharactersButKeepsUnicode() {
        #expect(TextEscaping.escaped("a\u{1B}[31mred\u{07}\n漢字 🎉\u{9B}") == #"a\e[31mred\u{7}\n漢字 🎉\u{9B}"#)
        #expect(TextEscaping.quoted("0123456789", limit: 4) == "\"0123…\"")
        #expect(!TextEscaping.escaped("\u{0}\u{7F}\u{85}").unicodeScalars.contains(where: TextEscaping.isControl))
    }

    /// Two keys that differ only by an invisible character never look alike, and a value cannot reverse the text
    /// after it; the joiners of emoji sequences are kept.
    @Test(arguments: [
        ("key\u{200B}", #"key\u{200B}"#), ("\u{202E}txt.exe", #"\u{202E}txt.exe"#), ("\u{FEFF}bom", #"\u{FEFF}bom"#),
        ("a\u{200D}b", #"a\u{200D}b"#), ("soft\u{AD}hyphen", #"soft\u{AD}hyphen"#),
        ("x\u{2066}y\u{2069}", #"x\u{2066}y\u{2069}"#),
        ("line\u{2028}sep", #"line\u{2028}sep"#), ("\u{3164}", #"\u{3164}"#), ("1\u{200D}2", #"1\u{200D}2"#),
        ("\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}\u{200D}\u{1F4BB}"),
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"),
        (
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        ),
        ("tag\u{E0067}", #"tag\u{E0067}"#), ("\u{1F1EB}\u{1F1F7} caf\u{E9} שלום", "\u{1F1EB}\u{1F1F7} caf\u{E9} שלום"),
    ])
    func escapesInvisibleAndDirectionChangingCharacters(text: String, shown: String) {
        #expect(TextEscaping.escaped(text) == shown)
        #expect(TextEscaping.escapedKeepingLines(text) == shown)
    }

    @Test func primitiveKindsSpellAndParseTheirManifestForm() {
        let kinds: [PrimitiveKind] = [
            .bool, .int, .double, .string, .data, .date, .array(nil), .array(.dictionary(.int)),
        ]
        for kind in kinds {
            #expect(PrimitiveKind(kind.description) == kind)
        }
        #expect(PrimitiveKind("array<int") == nil)
        #expect(PrimitiveKind.double.accepts(.int))
        #expect(!PrimitiveKind.int.accepts(.double))
        #expect(PrimitiveKind.array(.string).accepts(.array(nil)))
    }
}

@Suite struct PropertyListValueDescriptionTests {
    @Test func printsStringsQuotedAndEscapedAndEverythingElseAsText() {
        #expect("\(PropertyListValue.string("a\u{1B}[2J"))" == #""a\e[2J""#)
        #expect("\(PropertyListValue.int(3))" == "3")
        #expect("\(PropertyListValue.array([.string("x\ny")]))" == #"["x\ny"]"#)
    }
}
