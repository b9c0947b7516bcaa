import Foundation
import PrefsCore
import PrefsGLib
import PrefsTestHelpers
import Testing

@testable import PrefsGSettings

/// The serializer that lets a write reach dconf without GIO writes every value byte for byte as GLib serializes the
/// same value built by ``VariantConversion``, and leaves to GLib whatever it cannot convert the same way.
@Suite(.threadOfItsOwn) struct VariantSerializerTests {
    /// Values of every type the serializer writes, at the edges of their widths and of the framing offsets' widths.
    static let cases: [(PropertyListValue, String)] = {
        var cases: [(PropertyListValue, String)] = [
            (.bool(true), "b"), (.bool(false), "b"), (.int(0), "y"), (.int(255), "y"), (.int(-32768), "n"),
            (.int(65535), "q"), (.int(Int(Int32.min)), "i"), (.int(-1), "i"), (.int(Int(UInt32.max)), "u"),
            (.int(Int.min), "x"), (.int(Int.max), "x"), (.unsignedInt(UInt64.max), "t"), (.double(1.25), "d"),
            (.double(-0.0), "d"), (.int(3), "d"), (.string(""), "s"), (.string("Adwaita-dark ünïcode ✓"), "s"),
            (.data(Data([0, 1, 255])), "ay"), (.data(Data()), "ay"), (.array([]), "as"),
            (.array([.string("a"), .string(""), .string("ccc")]), "as"), (.array([.int(1), .int(-2)]), "ai"),
            (.array([.bool(true), .bool(false)]), "ab"), (.array([.double(0.5)]), "ad"),
            (.array([.array([.string("x")]), .array([])]), "aas"),
            (.dictionary(["b": .string("2"), "a": .string("1")]), "a{ss}"),
            (.dictionary(["n": .int(7), "": .int(-7)]), "a{si}"), (.dictionary([:]), "a{sd}"),
            (.dictionary(["k": .array([.string("v"), .string("w")])]), "a{sas}"),
        ]
        // Past 255 and 65,535 bytes, framing offsets take two and four bytes.
        for count in [40, 300, 7000] {
            cases.append((.array((0..<count).map { .string("value \($0)") }), "as"))
        }
        cases.append(
            (.dictionary(Dictionary(uniqueKeysWithValues: (0..<3000).map { ("key\($0)", .int($0)) })), "a{si}"))
        return cases
    }()

    @Test func everyValueIsWrittenAsGLibWritesIt() throws {
        #expect(GLib.loadFailure() == nil)
        for (value, type) in Self.cases {
            let shape = try #require(VariantShape(type: type), "\(type)")
            let ours = try #require(VariantSerializer.serialize(value, shape: shape), "\(value) as \(type)")
            let glib = try VariantConversion.variant(from: value, type: type)
            #expect(ours.type.string == glib.typeString)
            #expect(Array(ours.bytes) == glib.serializedBytes, "\(value) as \(type)")
            // What was written reads back as the value GLib shows.
            #expect(ours.faithfulValue == VariantConversion.value(of: glib), "\(value) as \(type)")
        }
    }

    @Test(arguments: [
        // GVariant text for a type that is not a string; GLib parses it.
        (PropertyListValue.string("5"), "i"),
        // Out of the type's range: GLib's conversion words the error.
        (.int(256), "y"), (.int(-1), "u"),
        // Object paths, and a `v` whose type comes from the value it replaces.
        (.string("/a"), "o"), (.dictionary(["a": .int(1)]), "a{sv}"),
        // A nul inside a string, and a date, which GVariant has no type for.
        (.string("a\u{0}b"), "s"), (.date(Date(timeIntervalSince1970: 0)), "s"),
    ])
    func whatGLibMustConvertIsLeftToIt(value: PropertyListValue, type: String) throws {
        let shape = try #require(VariantShape(type: type))
        #expect(VariantSerializer.serialize(value, shape: shape) == nil)
    }

    @Test func aChangesetReadsBackAsDconfSerializesIt() throws {
        let theme = try #require(VariantSerializer.serialize(.string("x"), shape: .text(.string)))
        let size = try #require(VariantSerializer.serialize(.int(12), shape: .integer(.int32)))
        let bytes = VariantSerializer.dconfChangeset([
            (path: "/org/nu/b", value: size), (path: "/org/nu/a", value: theme), (path: "/org/nu/c", value: nil),
        ])
        // As GLib serializes the same changeset, its paths in dconf's sorted order.
        #expect(GLib.loadFailure() == nil)
        let glib = try Variant.parse(
            "{'/org/nu/a': just <'x'>, '/org/nu/b': just <12>, '/org/nu/c': nothing}", as: "a{smv}")
        #expect(bytes == glib.serializedBytes)
        let type = try #require(SerializedType("a{smv}"))
        let changeset = try #require(SerializedVariant(type: type, buffer: bytes, range: 0..<bytes.count))
        let entries = try #require(changeset.children)
        #expect(entries.count == 3)
        var read: [String: PropertyListValue] = [:]
        var reset: [String] = []
        for entry in entries {
            let members = try #require(entry.children)
            let path = try #require(members[0].string)
            let maybe = try #require(members[1].children)
            if let value = maybe.first { read[path] = value.inner?.faithfulValue } else { reset.append(path) }
        }
        #expect(read == ["/org/nu/a": .string("x"), "/org/nu/b": .int(12)])
        #expect(reset == ["/org/nu/c"])
    }
}
