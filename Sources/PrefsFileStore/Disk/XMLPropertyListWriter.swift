import Foundation
import PrefsKit

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
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        output.reserveCapacity(output.utf8.count + values.count * 64)
        write(.dictionary(values), depth: 0, into: &output)
        output += "</plist>\n"
        return Data(output.utf8)
    }

    private static func write(_ value: PropertyListValue, depth: Int, into output: inout String) {
        let indent = String(repeating: "\t", count: depth)
        output += indent
        switch value {
        case .bool(let flag):
            output += flag ? "<true/>\n" : "<false/>\n"
        case .int(let number):
            output += "<integer>\(number)</integer>\n"
        case .double(let number):
            output += "<real>\(real(number))</real>\n"
        case .string(let text):
            output += "<string>"
            escape(text, into: &output)
            output += "</string>\n"
        case .data(let bytes):
            output += "<data>\n\(indent)\(bytes.base64EncodedString())\n\(indent)</data>\n"
        case .date(let date):
            output += "<date>\(date.formatted(Date.ISO8601FormatStyle()))</date>\n"
        case .array(let elements) where elements.isEmpty:
            output += "<array/>\n"
        case .array(let elements):
            output += "<array>\n"
            for element in elements { write(element, depth: depth + 1, into: &output) }
            output += "\(indent)</array>\n"
        case .dictionary(let elements) where elements.isEmpty:
            output += "<dict/>\n"
        case .dictionary(let elements):
            output += "<dict>\n"
            for key in elements.keys.sorted() {
                output += "\(indent)\t<key>"
                escape(key, into: &output)
                output += "</key>\n"
                if let element = elements[key] { write(element, depth: depth + 1, into: &output) }
            }
            output += "\(indent)</dict>\n"
        }
    }

    /// A real as Foundation writes and reads it: the shortest text that reads back as the same number.
    private static func real(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
        return String(number)
    }

    private static func escape(_ text: String, into output: inout String) {
        guard needsEscaping(text) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: output += "&#\(scalar.value);"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether any byte of the text is `&`, `<`, `>` or a control character; most keys and values have none.
    private static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E { return true }
            }
            return false
        }
    }
}
