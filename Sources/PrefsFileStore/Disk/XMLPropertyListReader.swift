import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// Reads the XML property lists that `UserDefaults` and ``XMLPropertyListWriter`` write, about 50 times faster than
/// Foundation's parser, which spends 0.8 ms on 100 keys and 35 ms on 4,000 on Linux — on every reload and every
/// contended write.
///
/// It reads UTF-8 documents made of the prolog, a doctype, comments, `dict`, `array`, `key`, `string`, `integer`,
/// `real`, `true`, `false`, `date` and `data`, with the five XML entities, numeric character references and CDATA.
/// Anything else — another encoding, a binary property list, an unknown element, or a file that is simply broken —
/// makes it give up, and the file is refused with the reason ``PropertyListCodec/refusal(_:)`` finds. Tests check
/// that it reads what Foundation's parser reads, value for value.
///
/// It is bounded: it takes time linear in the size of the file, and refuses outright, without handing over to
/// another parser, a document nested deeper than ``maximumDepth`` (Foundation's own limit), so that no file can
/// exhaust a thread's stack. Text that is not valid UTF-8 is never repaired: the file is refused.
struct XMLPropertyListReader {
    /// The most arrays and dictionaries that may nest, the root dictionary included, as Foundation allows.
    static let maximumDepth = 512

    /// Why a document was refused outright, rather than handed to another parser for a reason.
    enum Refusal: Error {
        /// Arrays and dictionaries nest deeper than ``maximumDepth``.
        case tooDeep
    }

    /// What stops the reader: a refusal, or a document outside the subset it reads.
    private enum Stop: Error {
        case unsupported
        case refused(Refusal)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Where decoded text is assembled when it holds entities or CDATA, reused from one string to the next.
    private var scratch: [UInt8] = []

    /// A top-level entry of a suite: its key, its value, and the offset where its bytes begin, just past the end of
    /// the previous value (or of `<dict>`), so that the entries tile the dictionary's body.
    struct Entry {
        let key: String
        let value: PropertyListValue
        let start: Int
    }

    /// The suite's contents, or `nil` when the data is outside the subset read here.
    ///
    /// - Throws: ``Refusal`` for a document no reader should accept.
    static func decode(_ data: Data) throws(Refusal) -> [String: PropertyListValue]? {
        var values: [String: PropertyListValue] = [:]
        let document = try Array(data).withUnsafeBufferPointer { buffer throws(Refusal) in
            try Self.document(buffer) { values[$0.key] = $0.value }
        }
        return document == nil ? nil : values
    }

    /// Reads the suite's entries in file order, handing each to `each` as it is read rather than collecting them, so
    /// that a large suite is not held twice while it is decoded.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - each: Called with every entry; when the result is `nil`, what it was given must be discarded.
    /// - Returns: The number of entries and the offset just past the last value (`nil` for `<dict/>`), or `nil` when
    ///   the bytes are outside the subset read here.
    /// - Throws: ``Refusal`` for a document no reader should accept.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, each: (Entry) -> Void) throws(Refusal) -> (
        count: Int, bodyEnd: Int?
    )? {
        var reader = XMLPropertyListReader(bytes: bytes)
        do {
            return try reader.document(each: each)
        } catch .refused(let refusal) {
            throw refusal
        } catch {
            return nil
        }
    }

    /// The entries that exactly fill `range` of a file whose other bytes are already known to hold whole entries.
    ///
    /// - Returns: The entries, or `nil` when the range does not hold whole entries of the subset read here.
    /// - Throws: ``Refusal`` for entries no reader should accept.
    static func entries(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) throws(Refusal) -> [Entry]? {
        var reader = XMLPropertyListReader(bytes: bytes)
        reader.index = range.lowerBound
        var entries: [Entry] = []
        do {
            while reader.index < range.upperBound { entries.append(try reader.entry()) }
        } catch .refused(let refusal) {
            throw refusal
        } catch {
            return nil
        }
        return reader.index == range.upperBound ? entries : nil
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func document(each: (Entry) -> Void) throws(Stop) -> (count: Int, bodyEnd: Int?) {
        // A UTF-8 byte order mark, which Foundation accepts.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        try prolog()
        skipMarkup()
        let (name, _) = try openTag()
        guard name == "plist" else { throw .unsupported }
        skipMarkup()
        let (root, empty) = try openTag()
        guard root == "dict" else { throw .unsupported }
        var count = 0
        var bodyEnd: Int?
        if !empty {
            while true {
                let end = index
                skipMarkup()
                if peekClose("dict") {
                    bodyEnd = end
                    break
                }
                index = end
                each(try entry())
                count += 1
            }
            try closeTag("dict")
        }
        skipMarkup()
        try closeTag("plist")
        skipMarkup()
        guard index == bytes.count else { throw .unsupported }
        return (count, bodyEnd)
    }

    /// Checks the XML declaration, if there is one: a document in another encoding is refused rather than read as
    /// UTF-8 and repaired.
    private mutating func prolog() throws(Stop) {
        guard starts(with: "<?xml"), let end = end(of: "?>", from: index) else { return }
        let declaration = UnsafeBufferPointer(rebasing: bytes[index..<end])
        guard let encoding = Self.attribute("encoding", in: declaration) else { return }
        let name = encoding.lowercased()
        guard name == "utf-8" || name == "utf8" else { throw .unsupported }
    }

    /// Reads `<key>…</key>` and its value, from just past the previous value.
    private mutating func entry() throws(Stop) -> Entry {
        let start = index
        skipMarkup()
        let (name, empty) = try openTag()
        guard name == "key" else { throw .unsupported }
        let key = empty ? "" : try text(closing: "key")
        return Entry(key: key, value: try value(depth: 2), start: start)
    }

    /// Reads one value; `depth` counts the containers it is in, the root dictionary included, plus itself.
    private mutating func value(depth: Int) throws(Stop) -> PropertyListValue {
        skipMarkup()
        let (name, empty) = try openTag()
        switch name {
        case "dict":
            guard depth <= Self.maximumDepth else { throw .refused(.tooDeep) }
            var elements: [String: PropertyListValue] = [:]
            if empty { return .dictionary(elements) }
            while true {
                skipMarkup()
                if peekClose("dict") { break }
                let (keyName, keyEmpty) = try openTag()
                guard keyName == "key" else { throw .unsupported }
                let key = keyEmpty ? "" : try text(closing: "key")
                elements[key] = try value(depth: depth + 1)
            }
            try closeTag("dict")
            return .dictionary(elements)
        case "array":
            guard depth <= Self.maximumDepth else { throw .refused(.tooDeep) }
            var elements: [PropertyListValue] = []
            if empty { return .array(elements) }
            while true {
                skipMarkup()
                if peekClose("array") { break }
                elements.append(try value(depth: depth + 1))
            }
            try closeTag("array")
            return .array(elements)
        case "true", "false":
            let flag = name == "true"
            if !empty { try closeTag(flag ? "true" : "false") }
            return .bool(flag)
        case "string":
            return .string(empty ? "" : try text(closing: "string"))
        case "integer":
            guard !empty, let number = PlistScalars.integer(try rawText(closing: "integer")) else {
                throw .unsupported
            }
            return number
        case "real":
            guard !empty, let number = PlistScalars.real(try rawText(closing: "real")) else { throw .unsupported }
            return .double(number)
        case "date":
            guard !empty, let date = PlistScalars.date(try rawText(closing: "date")) else { throw .unsupported }
            return .date(date)
        case "data":
            let encoded = empty ? "" : try text(closing: "data").filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: encoded) else { throw .unsupported }
            return .data(data)
        default:
            throw .unsupported
        }
    }

    // MARK: - Lexing

    /// Skips white space, `<?…?>`, `<!DOCTYPE …>` and `<!-- … -->`.
    private mutating func skipMarkup() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if starts(with: "<!--") {
                index = end(of: "-->", from: index + 4) ?? bytes.count
            } else if starts(with: "<?") || starts(with: "<!DOCTYPE") {
                index = end(of: ">", from: index + 2) ?? bytes.count
            } else {
                return
            }
        }
    }

    /// Reads `<name …>` or `<name …/>`, ignoring attributes.
    private mutating func openTag() throws(Stop) -> (name: String, empty: Bool) {
        guard index < bytes.count, bytes[index] == 0x3C, !starts(with: "</"), !starts(with: "<!") else {
            throw .unsupported
        }
        let nameStart = index + 1
        var cursor = nameStart
        while cursor < bytes.count, bytes[cursor] != 0x3E, bytes[cursor] != 0x2F, bytes[cursor] != 0x20 { cursor += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor]), as: UTF8.self)
        guard let close = end(of: ">", from: cursor) else { throw .unsupported }
        index = close
        return (name, bytes[close - 2] == 0x2F)
    }

    private mutating func closeTag(_ name: StaticString) throws(Stop) {
        guard peekClose(name) else { throw .unsupported }
        index += name.utf8CodeUnitCount + 3
    }

    private func peekClose(_ name: StaticString) -> Bool {
        // Compared in place: building "</name>" allocated a string for every element read.
        let count = name.utf8CodeUnitCount
        guard index + count + 3 <= bytes.count, bytes[index] == 0x3C, bytes[index + 1] == 0x2F,
            bytes[index + count + 2] == 0x3E
        else { return false }
        return name.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + 2 + offset] != expected[offset] { return false }
            return true
        }
    }

    /// The bytes of character data that must be plain, as numbers and dates are: no entity, CDATA or markup.
    private mutating func rawText(closing name: StaticString) throws(Stop) -> UnsafeBufferPointer<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] != 0x3C, bytes[index] != 0x26 { index += 1 }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        try closeTag(name)
        return raw
    }

    /// Reads character data up to `</name>`, decoding entities and CDATA sections, in one pass over the bytes.
    ///
    /// - Throws: ``Stop/unsupported`` for an unknown entity, a reference to a scalar that does not exist, or text
    ///   that is not valid UTF-8, all of which Foundation judges instead.
    private mutating func text(closing name: StaticString) throws(Stop) -> String {
        let start = index
        var lessThan: Int?
        index = endOfText(from: index, lessThan: &lessThan)
        // Most text has nothing to decode: it is validated and copied in one go.
        if index < bytes.count, bytes[index] == 0x3C, !starts(with: "<![CDATA[") {
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            try closeTag(name)
            guard let text = String(validating: Self.droppingByteOrderMark(raw), as: UTF8.self) else {
                throw .unsupported
            }
            return text
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x26 {
                try entity()
            } else if byte == 0x3C {
                guard starts(with: "<![CDATA[") else { break }
                guard let end = end(of: "]]>", from: index + 9) else { throw .unsupported }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 9)..<(end - 3)]))
                index = end
            } else {
                let runStart = index
                index = endOfText(from: index, lessThan: &lessThan)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
        }
        try closeTag(name)
        let decoded = scratch.withUnsafeBufferPointer {
            String(validating: Self.droppingByteOrderMark($0), as: UTF8.self)
        }
        guard let text = decoded else { throw .unsupported }
        return text
    }

    /// Where a run of text ends: at the next `<` or `&`, or the end.
    ///
    /// Found at memory speed, the `<` and then any `&` before it: a byte-by-byte loop over the values' text was a
    /// tenth of the read of a large suite. The `<` found is kept for the runs after each `&`, so that a text of many
    /// references is still read in one pass.
    ///
    /// - Parameters:
    ///   - start: Where the run starts.
    ///   - lessThan: The next `<` at or after an earlier start, found here when unknown or behind `start`.
    /// - Returns: The index of the next `<` or `&`, or the end of the bytes.
    private func endOfText(from start: Int, lessThan: inout Int?) -> Int {
        guard start < bytes.count else { return bytes.count }
        if lessThan.map({ $0 < start }) ?? true {
            let rest = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...]))
            lessThan = start + (Memory.firstOffset(ofByte: 0x3C, in: rest) ?? rest.count)
        }
        let end = lessThan ?? bytes.count
        let run = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        return start + (Memory.firstOffset(ofByte: 0x26, in: run) ?? run.count)
    }

    /// Text without the one U+FEFF it starts with, if it does: Foundation's parser takes a leading U+FEFF in any
    /// string or key for a byte order mark and drops it (one of them; the writer doubles it to keep one).
    private static func droppingByteOrderMark(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF else { return text }
        return UnsafeBufferPointer(rebasing: text[3...])
    }

    /// Decodes one entity or character reference at `index` into `scratch`, as UTF-8.
    private mutating func entity() throws(Stop) {
        let start = index + 1
        var cursor = start
        // The longest reference Foundation reads is `&#1114111;`; anything longer is not one.
        while cursor < bytes.count, bytes[cursor] != 0x3B, cursor - start < 12 { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == 0x3B else { throw .unsupported }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
        index = cursor + 1
        if let byte = Self.namedEntity(name) {
            scratch.append(byte)
            return
        }
        guard name.count >= 2, name[0] == 0x23 else { throw .unsupported }
        let hexadecimal = name[1] == 0x78
        let digits = UnsafeBufferPointer(rebasing: name[(hexadecimal ? 2 : 1)...])
        guard !digits.isEmpty else { throw .unsupported }
        var value: UInt32 = 0
        for digit in digits {
            guard let number = Self.digitValue(digit, hexadecimal: hexadecimal) else { throw .unsupported }
            value = value * (hexadecimal ? 16 : 10) + number
            guard value <= 0x10FFFF else { throw .unsupported }
        }
        guard let scalar = Unicode.Scalar(value) else { throw .unsupported }
        Self.appendUTF8(scalar, to: &scratch)
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | value >> 12 & 0x3F))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    private static func namedEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch name.count {
        case 2 where name[1] == 0x74 && name[0] == 0x6C: 0x3C  // lt
        case 2 where name[1] == 0x74 && name[0] == 0x67: 0x3E  // gt
        case 3 where name[0] == 0x61 && name[1] == 0x6D && name[2] == 0x70: 0x26  // amp
        case 4 where name.elementsEqual("quot".utf8): 0x22
        case 4 where name.elementsEqual("apos".utf8): 0x27
        default: nil
        }
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x61...0x66 where hexadecimal: UInt32(byte - 0x61 + 10)
        case 0x41...0x46 where hexadecimal: UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    /// The value of `name="…"` (or single quotes) in a tag's bytes.
    private static func attribute(_ name: String, in tag: UnsafeBufferPointer<UInt8>) -> String? {
        let needle = Array(name.utf8) + [UInt8(ascii: "=")]
        guard tag.count > needle.count else { return nil }
        for start in 0...(tag.count - needle.count) where tag[start..<(start + needle.count)].elementsEqual(needle) {
            var cursor = start + needle.count
            guard cursor < tag.count, tag[cursor] == 0x22 || tag[cursor] == 0x27 else { return nil }
            let quote = tag[cursor]
            cursor += 1
            let valueStart = cursor
            while cursor < tag.count, tag[cursor] != quote { cursor += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: tag[valueStart..<cursor]), as: UTF8.self)
        }
        return nil
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
    }

    /// The index just past the next `terminator` at or after `start`.
    private func end(of terminator: StaticString, from start: Int) -> Int? {
        guard start <= bytes.count else { return nil }
        // Scanned at memory speed, so that a long comment or text costs little.
        return terminator.withUTF8Buffer { needle -> Int? in
            Memory.firstOffset(
                of: UnsafeRawBufferPointer(needle),
                in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...]))
            )
            .map { start + $0 + needle.count }
        }
    }
}
