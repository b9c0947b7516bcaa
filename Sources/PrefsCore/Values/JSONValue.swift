#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value parsed straight from bytes (RFC 8259), with numbers kept as their text.
///
/// Two readers need it. A watcher parses a journal record for every change it attributes to its writer, between the
/// event and the observers: `JSONSerialization` took about 35 µs for one small record on Linux, and bridging its `Any`
/// results into Swift values as much again; this takes a few. And JSON typed by a user must keep integers exact:
/// `JSONSerialization` wraps `18446744073709551616` silently, where this keeps the text for the caller to refuse.
///
/// The parser is bounded: nesting deeper than the caller's limit, and text that is not UTF-8, are refused rather than
/// recursing without end or repairing bytes.
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The nesting a user's JSON may have: as deep as a property list may be.
    package static let defaultMaximumDepth = 512

    /// The value the bytes hold, or `nil` when they are not exactly one JSON value (RFC 8259) with white space around.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - maximumDepth: The most arrays and objects that may nest; deeper input is refused.
    /// - Returns: The value, or `nil`.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) -> JSONValue? {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipSpace()
        guard let value = try? parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    /// The member name that made the bytes invalid by appearing twice in one object, if that is why they are; for
    /// saying why a parse failed.
    package static func duplicateName(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) -> String? {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipSpace()
        _ = try? parser.value(depth: 0)
        return parser.duplicate
    }

    /// Where the bytes stop being JSON, as a person finds it in an editor, and the character found there; for saying
    /// why a parse failed.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text that ``parse(_:maximumDepth:)`` refused.
    ///   - maximumDepth: The nesting limit the parse used.
    /// - Returns: `line L, column C` (both from 1, columns in characters), followed by what stands there, or by
    ///   `the end of the text`.
    package static func syntaxErrorLocation(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) -> String {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipSpace()
        _ = try? parser.value(depth: 0)
        // The parser stops before white space it had yet to skip: the place to show is what follows it.
        parser.skipSpace()
        let offset = min(parser.index, bytes.count)
        let before = bytes[..<offset]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        let found = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).first.map {
            TextEscaping.quoted(String($0))
        }
        return "line \(line), column \(column), at \(found ?? "the end of the text")"
    }

    /// How deeply arrays and objects nest in JSON text, strings skipped; for saying why a parse failed.
    package static func nestingDepth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    private struct Parser {
        private struct Invalid: Error {}

        let bytes: UnsafeBufferPointer<UInt8>
        /// Deeper nesting is refused rather than risking the stack on hostile input.
        let maximumDepth: Int
        var index = 0
        /// The member name found twice in one object, which makes the text invalid.
        var duplicate: String?

        // A switch, not `[…].contains`: an array literal is built on every call where the optimizer does not run.
        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard index < bytes.count, depth < maximumDepth else { throw Invalid() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return .number(try number())
            }
        }

        private mutating func object(depth: Int) throws -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if try consume(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Invalid() }
                let name = try string()
                skipSpace()
                guard try consume(UInt8(ascii: ":")) else { throw Invalid() }
                skipSpace()
                // RFC 8259 leaves duplicate names to the reader; taking the last would drop a value unasked.
                guard members[name] == nil else {
                    duplicate = name
                    throw Invalid()
                }
                members[name] = try value(depth: depth + 1)
                skipSpace()
            } while try consume(UInt8(ascii: ","))
            guard try consume(UInt8(ascii: "}")) else { throw Invalid() }
            return .object(members)
        }

        private mutating func array(depth: Int) throws -> JSONValue {
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if try consume(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
            } while try consume(UInt8(ascii: ","))
            guard try consume(UInt8(ascii: "]")) else { throw Invalid() }
            return .array(elements)
        }

        private mutating func consume(_ byte: UInt8) throws -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<(index + count)]) })
            else { throw Invalid() }
            index += count
            return value
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as text.
        private mutating func number() throws -> String {
            let start = index
            _ = try consume(UInt8(ascii: "-"))
            if try !consume(UInt8(ascii: "0")) { guard digits() > 0 else { throw Invalid() } }
            if try consume(UInt8(ascii: ".")) { guard digits() > 0 else { throw Invalid() } }
            if try consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
                if try !consume(UInt8(ascii: "+")) { _ = try consume(UInt8(ascii: "-")) }
                guard digits() > 0 else { throw Invalid() }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }

        /// A string, from its opening quote; escapes are decoded, and raw control characters refused as JSON does.
        private mutating func string() throws -> String {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { throw Invalid() }
                index += 1
            }
            guard index < bytes.count,
                var text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            else { throw Invalid() }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return text
            }
            // The rest, with escapes, scalar by scalar.
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) throws {
                guard let run = String(validating: UnsafeBufferPointer(rebasing: bytes[run..<end]), as: UTF8.self)
                else { throw Invalid() }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while true {
                guard index < bytes.count, bytes[index] >= 0x20 else { throw Invalid() }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    try flush(index)
                    index += 1
                    text.unicodeScalars.append(contentsOf: scalars)
                    return text
                case UInt8(ascii: "\\"):
                    try flush(index)
                    scalars.append(try escape())
                    run = index
                default:
                    index += 1
                }
            }
        }

        /// One escape, from its backslash; a `\u` escape of a high surrogate must be followed by its low one.
        private mutating func escape() throws -> Unicode.Scalar {
            guard index + 1 < bytes.count else { throw Invalid() }
            let letter = bytes[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{8}"
            case UInt8(ascii: "f"): return "\u{C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if (0xD800..<0xDC00).contains(unit) {
                    guard try consume(UInt8(ascii: "\\")), try consume(UInt8(ascii: "u")) else { throw Invalid() }
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low),
                        let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    else { throw Invalid() }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(unit) else { throw Invalid() }
                return scalar
            default:
                throw Invalid()
            }
        }

        private mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw Invalid() }
            var unit: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw Invalid() }
                unit = unit << 4 | UInt32(digit)
            }
            index += 4
            return unit
        }
    }
}
