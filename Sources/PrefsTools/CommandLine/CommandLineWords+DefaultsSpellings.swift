import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CommandLineWords {
    /// `defaults`' type flags and the `--type` each means.
    static let defaultsTypes = [
        "-string": "string", "-int": "int", "-integer": "int", "-float": "float", "-double": "float",
        "-bool": "bool", "-boolean": "bool", "-date": "date",
    ]

    /// `defaults`' flags that `prefs write` spells with two dashes.
    static let defaultsVerbs = ["-array-add": "--array-add", "-dict-add": "--dict-add"]

    /// Reads `defaults`' spellings of `write`'s types (`prefs write S k -int 3`) as `prefs`' own, which
    /// argument-parser cannot: it takes a single-dash word longer than one letter for a cluster of short flags.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the subcommand.
    /// - Returns: The arguments, unchanged for any other command.
    /// `defaults`' collections and data are read as `defaults` reads them: `-array a b c` is an array of the words
    /// after it, `-dict k v …` a dictionary of strings, `-data 48656c6c6f` hex bytes; prefs writes them as its own
    /// `--type json` and `--type data` (base64).
    ///
    /// - Throws: ``ToolError`` with code `usage` for a dictionary with a key and no value, or hex that is not.
    public static func translatingDefaultsSpellings(_ arguments: [String]) throws -> [String] {
        guard arguments.first == "write" else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if index - 1 < end, let type = defaultsTypes[word] {
                result += ["--type", type]
            } else if index - 1 < end, let verb = defaultsVerbs[word] {
                result.append(verb)
            } else if index - 1 < end, ["-array", "-dict", "-data"].contains(word) {
                // Every word up to `--` or the end is the value's, as `defaults` reads them.
                let rest = Array(arguments[index..<end])
                index = end
                result += try defaultsValue(word, rest)
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// `--type json` or `--type data` and the value `defaults`' `-array`, `-dict` or `-data` words make.
    private static func defaultsValue(_ form: String, _ words: [String]) throws -> [String] {
        switch form {
        case "-array":
            return ["--type", "json", try json(words)]
        case "-dict":
            guard words.count % 2 == 0 else {
                throw ToolError(
                    "-dict takes pairs of a key and its value; \(TextEscaping.quoted(words.last ?? "")) has no value",
                    code: .usage)
            }
            let pairs = stride(from: 0, to: words.count, by: 2).map { (words[$0], words[$0 + 1]) }
            return ["--type", "json", try json(Dictionary(pairs) { $1 })]
        default:
            let hex = words.joined()
            guard let bytes = hexBytes(hex) else {
                throw ToolError(
                    "-data takes hex digits, as defaults does (-data 48656c6c6f); \(TextEscaping.quoted(hex, limit: 40)) "
                        + "is not", code: .usage)
            }
            return ["--type", "data", Data(bytes).base64EncodedString()]
        }
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The bytes an even number of hex digits spell, or `nil`.
    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = text.unicodeScalars.map { Character($0).hexDigitValue }
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = digits[pair], let low = digits[pair + 1] else { return nil }
            bytes.append(UInt8(high << 4 | low))
        }
        return bytes
    }
}
