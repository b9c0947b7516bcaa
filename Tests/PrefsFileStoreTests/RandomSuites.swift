import Foundation
import PrefsFileStore
import PrefsKit
import PropertyBased

/// Random suites of every kind of value, in every form a suite file may take on disk, for the lossless-write tests.
enum RandomSuites {
    /// Text that stresses a writer: escapes, control characters, combining marks, both normalisations of one letter,
    /// wide and astral characters, a byte order mark, and right-to-left text.
    static let texts = [
        "", "plain", "a < b & c > d", "quote \" and '", "\u{1B}[31mred", "bell\u{7}", "tab\tline\nbreak\r",
        "caf\u{E9}", "cafe\u{301}", "漢字", "🎉 \u{1F469}\u{200D}\u{1F4BB}", "\u{FEFF}bom", "שלום", "\u{7F}\u{85}",
        "]]>", "&amp; literally",
    ]

    static func value(_ random: inout Xoshiro, depth: Int = 0) -> PropertyListValue {
        switch Int.random(in: 0..<(depth < 3 ? 10 : 8), using: &random) {
        case 0: return .bool(Bool.random(using: &random))
        case 1:
            let edges = [0, 1, -1, Int.max, Int.min, Int(Int32.max) + 1]
            return .int(
                Bool.random(using: &random)
                    ? edges.randomElement(using: &random) ?? 0 : Int.random(in: -1_000_000...1_000_000, using: &random))
        case 2:
            let edges: [UInt64] = [UInt64(Int.max) + 1, UInt64.max, UInt64.max - 1]
            return .unsignedInt(edges.randomElement(using: &random) ?? UInt64.max)
        case 3:
            let edges = [0.0, -0.0, 0.1, 1e300, -1e-300, .leastNonzeroMagnitude, .infinity, -.infinity, 3.0]
            return .double(
                Bool.random(using: &random)
                    ? edges.randomElement(using: &random) ?? 0 : Double.random(in: -1e6...1e6, using: &random))
        case 4, 5: return .string(texts.randomElement(using: &random) ?? "")
        case 6:
            return .data(
                Data(
                    (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            )
        case 7:
            // Whole seconds, as XML property lists hold them, across the years Foundation writes.
            return .date(
                Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &random))))
        case 8: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var elements: [String: PropertyListValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                elements[texts.randomElement(using: &random) ?? "k"] = value(&random, depth: depth + 1)
            }
            return .dictionary(elements)
        }
    }

    static func suite(_ random: inout Xoshiro) -> [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for index in 0..<Int.random(in: 1...12, using: &random) {
            let key = Bool.random(using: &random) ? "key-\(index)" : (texts.randomElement(using: &random) ?? "k")
            values[key] = value(&random)
        }
        return values
    }

    /// The ways a suite file reaches the disk.
    enum Form: CaseIterable {
        /// What prefs' own writer writes.
        case prefs
        /// Foundation's XML writer.
        case foundationXML
        /// Foundation's binary writer.
        case foundationBinary
        /// A person's edit: other indentation, comments between entries, a byte order mark.
        case handEdited
        /// The same document declared and encoded as ISO 8859-1 (only for suites whose text fits it).
        case latin1
    }

    /// The file's bytes in a form, or `nil` when the suite cannot take that form.
    static func file(_ values: [String: PropertyListValue], as form: Form) -> Data? {
        let object = values.mapValues(\.propertyListObject)
        switch form {
        case .prefs:
            return PropertyListDocument.xml(values)
        case .foundationXML:
            return try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        case .foundationBinary:
            return try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        case .handEdited:
            let text = String(decoding: PropertyListDocument.xml(values), as: UTF8.self)
                .replacingOccurrences(of: "\n\t<key>", with: "\n  <!-- edited -->\n    <key>")
            return Data("\u{FEFF}".utf8) + Data(text.utf8)
        case .latin1:
            let text = String(decoding: PropertyListDocument.xml(values), as: UTF8.self)
                .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            return text.data(using: .isoLatin1)
        }
    }
}
