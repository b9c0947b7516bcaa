#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// The value as compact JSON text, as `JSONEncoder` writes it with sorted keys and unescaped slashes, or `nil`
    /// when it holds a real JSON cannot hold (NaN, an infinity).
    ///
    /// Written by hand because the general writers build a tree of objects first: `JSONSerialization` took a quarter of
    /// the time `prefs read` took to list 500 suites. A property test checks it against `JSONEncoder` byte for byte.
    var compactJSONText: String? {
        var output: [UInt8] = []
        guard Self.writeJSON(self, into: &output) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    private static func writeJSON(_ value: PropertyListValue, into output: inout [UInt8]) -> Bool {
        switch value {
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .int(let number): output += String(number).utf8
        case .unsignedInt(let number): output += String(number).utf8
        case .double(let number):
            guard number.isFinite else { return false }
            var text = number.description
            // JSONSerialization writes an integral real without its ".0".
            if text.hasSuffix(".0") { text.removeLast(2) }
            output += text.utf8
        case .string(let text): writeJSONString(text, into: &output)
        case .data(let bytes): writeJSONString(bytes.base64EncodedString(), into: &output)
        case .date(let date): writeJSONString(ISO8601Dates.format(date), into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard writeJSON(element, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let elements):
            output.append(UInt8(ascii: "{"))
            for (index, key) in elements.keys.sorted(by: jsonKeyPrecedes).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeJSONString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                guard let element = elements[key], writeJSON(element, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// The order `JSONEncoder`'s `sortedKeys` gives keys: by their UTF-8 bytes, as `jq -S` and most JSON tools sort,
    /// with no locale.
    private static func jsonKeyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    private static func writeJSONString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case 0x08: output += "\\b".utf8
            case 0x0C: output += "\\f".utf8
            case 0x0A: output += "\\n".utf8
            case 0x0D: output += "\\r".utf8
            case 0x09: output += "\\t".utf8
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += "\\u00".utf8
                output += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
