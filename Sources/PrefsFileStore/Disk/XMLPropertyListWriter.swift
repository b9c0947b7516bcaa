import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a suite as the XML property list Foundation writes, byte-compatible in structure and about 20 times faster.
///
/// Foundation's `PropertyListSerialization` spends about 3 ms writing 100 keys on Linux, half of it sorting bridged
/// keys, which alone would make a process-safe write slower than `UserDefaults`. Reading stays with Foundation's
/// parser, which is the one that must cope with hand edits; a test checks that it reads back exactly what this writes.
///
/// Keys are sorted, so equal contents give equal files. Characters XML cannot hold literally (`&`, `<`, `>`, and control
/// characters other than tab and newline) are written as entities or numeric references, which Foundation reads back.
/// Dates are written to the second, as Foundation does.
enum XMLPropertyListWriter {
    static func encode(_ values: [String: PropertyListValue]) -> Data {
        Data(document(values).bytes)
    }

    /// The whole file, with the offset where each entry begins (see ``XMLPropertyListReader/Entry``) and where the
    /// last one ends.
    ///
    /// - Returns: The bytes; the sorted keys and their entries' offsets; the end of the body, or `nil` for `<dict/>`.
    static func document(_ values: [String: PropertyListValue]) -> (
        bytes: [UInt8], keys: [String], starts: [Int], bodyEnd: Int?
    ) {
        var output: [UInt8] = []
        output.reserveCapacity(256 + values.count * 64)
        output.append(contentsOf: Self.header)
        let keys = values.keys.sorted()
        var starts: [Int] = []
        var bodyEnd: Int?
        if keys.isEmpty {
            output.append(contentsOf: "<dict/>\n".utf8)
        } else {
            output.append(contentsOf: "<dict>".utf8)
            starts.reserveCapacity(keys.count)
            for key in keys {
                starts.append(output.count)
                if let value = values[key] { entry(key, value, into: &output) }
            }
            bodyEnd = output.count
            output.append(contentsOf: "\n</dict>\n".utf8)
        }
        output.append(contentsOf: "</plist>\n".utf8)
        return (output, keys, starts, bodyEnd)
    }

    /// One top-level entry as it appears in ``document(_:)``: from the end of the previous value to the end of its
    /// own, so that an entry can be replaced, inserted or removed without touching the others.
    static func entry(_ key: String, _ value: PropertyListValue, into output: inout [UInt8]) {
        output.append(contentsOf: "\n\t<key>".utf8)
        escape(key, into: &output)
        output.append(contentsOf: "</key>\n".utf8)
        write(value, depth: 1, into: &output)
        // Every value ends with a newline, which belongs to the next entry or to `</dict>`.
        output.removeLast()
    }

    /// One value as an XML property list element, without the document around it: what `defaults write` takes for
    /// an array or a dictionary, its members typed.
    static func fragment(_ value: PropertyListValue) -> String {
        var output: [UInt8] = []
        write(value, depth: 0, into: &output)
        return String(decoding: output.dropLast(), as: UTF8.self)
    }

    /// Whether an entry-less file is framed as the writer frames a non-empty one: its header and `<dict>`, then
    /// `</dict>` and `</plist>` on lines of their own.
    static func hasOwnFrame(_ bytes: [UInt8], bodyEnd: Int) -> Bool {
        let head = header + Array("<dict>".utf8)
        return bodyEnd == head.count && bytes[..<bodyEnd].elementsEqual(head)
            && bytes[bodyEnd...].elementsEqual("\n</dict>\n</plist>\n".utf8)
    }

    private static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    // Bytes rather than a String: appending to a String re-checks its storage on every call, and this runs on every
    // write, before the watchers can see it.
    private static func write(_ value: PropertyListValue, depth: Int, into output: inout [UInt8]) {
        indent(depth, &output)
        switch value {
        case .bool(let flag):
            output.append(contentsOf: (flag ? "<true/>\n" : "<false/>\n").utf8)
        case .int(let number):
            element("integer", String(number), &output)
        case .unsignedInt(let number):
            element("integer", String(number), &output)
        case .double(let number):
            element("real", real(number), &output)
        case .string(let text):
            output.append(contentsOf: "<string>".utf8)
            escape(text, into: &output)
            output.append(contentsOf: "</string>\n".utf8)
        case .data(let bytes):
            output.append(contentsOf: "<data>\n".utf8)
            indent(depth, &output)
            output.append(contentsOf: bytes.base64EncodedString().utf8)
            output.append(0x0A)
            indent(depth, &output)
            output.append(contentsOf: "</data>\n".utf8)
        case .date(let date):
            element("date", PropertyListValue.date(date).stored(in: .xml).text, &output)
        case .array(let elements) where elements.isEmpty:
            output.append(contentsOf: "<array/>\n".utf8)
        case .array(let elements):
            output.append(contentsOf: "<array>\n".utf8)
            for element in elements { write(element, depth: depth + 1, into: &output) }
            indent(depth, &output)
            output.append(contentsOf: "</array>\n".utf8)
        case .dictionary(let elements) where elements.isEmpty:
            output.append(contentsOf: "<dict/>\n".utf8)
        case .dictionary(let elements):
            output.append(contentsOf: "<dict>\n".utf8)
            for key in elements.keys.sorted() {
                indent(depth + 1, &output)
                output.append(contentsOf: "<key>".utf8)
                escape(key, into: &output)
                output.append(contentsOf: "</key>\n".utf8)
                if let element = elements[key] { write(element, depth: depth + 1, into: &output) }
            }
            indent(depth, &output)
            output.append(contentsOf: "</dict>\n".utf8)
        }
    }

    private static func element(_ name: String, _ text: String, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        output.append(contentsOf: text.utf8)
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: ">\n".utf8)
    }

    private static func indent(_ depth: Int, _ output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(0x09, count: depth))
    }

    /// A real as Foundation writes and reads it: the shortest text that reads back as the same number.
    private static func real(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
        return String(number)
    }

    /// The first scalar of some text that XML 1.0 does not allow in a document, even as a character reference.
    ///
    /// Those are the C0 controls other than tab, newline and carriage return, and U+FFFE and U+FFFF. `plistlib` and every conforming
    /// XML parser reject a file holding one; Foundation reads it, so a write must check, not trust the read-back.
    static func unwritableScalar(in text: String) -> Unicode.Scalar? {
        // Fast path: the UTF-8 bytes of U+FFFE and U+FFFF start with 0xEF; anything else allowed is not below 0x20.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return nil }
        return text.unicodeScalars.first {
            ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
    }

    /// Writes text with `&`, `<`, `>` and control characters other than tab and newline (C0, DEL and C1) as entities
    /// or numeric references, which Foundation reads back, so that no file prefs writes holds a raw control character
    /// for a terminal to act on.
    private static func escape(_ text: String, into output: inout [UInt8]) {
        // Foundation drops one U+FEFF at the start of a string as a byte order mark: a second keeps the first.
        if text.unicodeScalars.first == "\u{FEFF}" { output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case 0x09, 0x0A: output.append(byte)
            case 0..<0x20, 0x7F: output.append(contentsOf: "&#\(byte);".utf8)
            case 0x80...0x9F where previous == 0xC2:
                // U+0080–U+009F, whose UTF-8 lead byte was just written: replaced by its reference.
                output.removeLast()
                output.append(contentsOf: "&#\(byte);".utf8)
            default: output.append(byte)
            }
        }
    }
}
