package import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a ``JournalRecord`` as one line of JSON, in the form its `Codable` conformance reads back.
///
/// It exists because the journal is appended on every write, between the swap that wakes the watchers and the moment
/// they look for the record: Foundation's `JSONEncoder` took about 90 µs per record there, this takes a few.
/// Keys are written sorted, as `JSONEncoder` with `.sortedKeys` does, and absent values are left out.
package enum JournalLineWriter {
    /// The longest line written.
    ///
    /// A change with larger values is recorded with digests of them instead
    /// (``JournalRecord/abridged``), so that one huge value can neither fill the bounded journal nor push every other
    /// record out of it.
    package static let maximumLineBytes = 64 * 1024

    /// The record as JSON without a trailing newline, abridged when it would be longer than ``maximumLineBytes``, or
    /// `nil` when it holds a number JSON cannot express (infinity or NaN), which `JSONEncoder` refuses too.
    package static func line(_ record: JournalRecord) -> [UInt8]? {
        guard let line = fullLine(record) else { return nil }
        guard line.count > maximumLineBytes, !record.isAbridged else { return line }
        return fullLine(record.abridged)
    }

    /// A digest of a value in its tagged form (FNV-1a, 64 bits), which stands for it in an abridged record.
    package static func digest(_ value: PropertyListValue?) -> String {
        value == nil ? "none" : String(hash(value, seededWith: []), radix: 16)
    }

    /// FNV-1a over `seed` and then a value's tagged form.
    package static func hash(_ value: PropertyListValue?, seededWith seed: [UInt8]) -> UInt64 {
        var bytes = seed
        if let value { _ = Self.value(value, &bytes) } else { bytes.append(0) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    private static func fullLine(_ record: JournalRecord) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        out.append(UInt8(ascii: "{"))
        member("key", first: true, &out) { string(record.key, &$0) }
        if let new = record.new { guard member("new", &out, { value(new, &$0) }) else { return nil } }
        if let digest = record.newDigest { member("newDigest", &out) { string(digest, &$0) } }
        if let old = record.old { guard member("old", &out, { value(old, &$0) }) else { return nil } }
        if let digest = record.oldDigest { member("oldDigest", &out) { string(digest, &$0) } }
        if let pid = record.pid { member("pid", &out) { $0.append(contentsOf: String(pid).utf8) } }
        if let process = record.process { member("process", &out) { string(process, &$0) } }
        if let reverts = record.reverts { member("reverts", &out) { string(reverts, &$0) } }
        if record.staged == true { member("staged", &out) { $0.append(contentsOf: "true".utf8) } }
        member("suite", &out) { string(record.suite, &$0) }
        member("time", &out) { string(PropertyListValue.date(record.time).text, &$0) }
        if let write = record.write { member("write", &out) { string(write, &$0) } }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The line that commits a write whose records were staged before its swap: `{"committed":"ID","changes":N}`.
    ///
    /// It is appended once the swap has happened, so a write killed before it leaves records that never count.
    ///
    /// - Parameters:
    ///   - write: The write's identifier.
    ///   - count: How many records the write staged, so that a reader can tell when it holds only some of them.
    /// - Returns: The line, without its newline.
    package static func commitLine(write: String, count: Int) -> [UInt8] {
        var out = Array(JournalLineReader.commitPrefix.utf8)
        string(write, &out)
        out.append(contentsOf: ",\"changes\":\(count)}".utf8)
        return out
    }

    /// The bytes a record's line holds for its key, to find candidate lines without decoding them.
    package static func keyNeedle(_ key: String) -> [UInt8] {
        var out = Array("\"key\":".utf8)
        string(key, &out)
        return out
    }

    @discardableResult
    private static func member(
        _ name: String, first: Bool = false, _ out: inout [UInt8], _ body: (inout [UInt8]) -> Bool
    ) -> Bool {
        if !first { out.append(UInt8(ascii: ",")) }
        string(name, &out)
        out.append(UInt8(ascii: ":"))
        return body(&out)
    }

    private static func member(
        _ name: String, first: Bool = false, _ out: inout [UInt8], _ body: (inout [UInt8]) -> Void
    ) {
        member(name, first: first, &out) {
            body(&$0)
            return true
        }
    }

    /// A value in ``PropertyListValue``'s tagged form, such as `{"int":5}`.
    private static func value(_ value: PropertyListValue, _ out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "{"))
        defer { out.append(UInt8(ascii: "}")) }
        switch value {
        case .bool(let flag):
            member("bool", first: true, &out) { $0.append(contentsOf: (flag ? "true" : "false").utf8) }
        case .int(let number):
            member("int", first: true, &out) { $0.append(contentsOf: String(number).utf8) }
        case .unsignedInt(let number):
            member("int", first: true, &out) { $0.append(contentsOf: String(number).utf8) }
        case .double(let number):
            guard number.isFinite else { return false }
            member("double", first: true, &out) { $0.append(contentsOf: number.description.utf8) }
        case .string(let text):
            member("string", first: true, &out) { string(text, &$0) }
        case .data(let bytes):
            member("data", first: true, &out) { string(bytes.base64EncodedString(), &$0) }
        case .date:
            member("date", first: true, &out) { string(value.text, &$0) }
        case .array(let elements):
            return member("array", first: true, &out) { out in
                out.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    guard Self.value(element, &out) else { return false }
                }
                out.append(UInt8(ascii: "]"))
                return true
            }
        case .dictionary(let elements):
            return member("dictionary", first: true, &out) { out in
                out.append(UInt8(ascii: "{"))
                for (index, key) in elements.keys.sorted().enumerated() {
                    guard let element = elements[key] else { continue }
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    string(key, &out)
                    out.append(UInt8(ascii: ":"))
                    guard Self.value(element, &out) else { return false }
                }
                out.append(UInt8(ascii: "}"))
                return true
            }
        }
        return true
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    private static func string(_ text: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
