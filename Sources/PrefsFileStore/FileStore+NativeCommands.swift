public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileStore {
    /// The suites are the files `UserDefaults` reads: a Mac's `defaults write` sets their keys, with its typed
    /// spellings.
    public var nativeCommands: (any NativeCommands)? { DefaultsCommands() }
}

/// `defaults write DOMAIN KEY -type VALUE` and `defaults delete DOMAIN KEY`, as macOS's `defaults` reads them.
struct DefaultsCommands: NativeCommands {
    var toolName: String { "defaults" }

    func setting(_ value: PropertyListValue, forKey key: String, inSuite suite: String) -> [String]? {
        let typed: [String]
        switch value {
        case .string(let text): typed = ["-string", text]
        case .int(let number): typed = ["-integer", String(number)]
        // `defaults` reads integers as signed 64-bit ones.
        case .unsignedInt(let number) where number <= UInt64(Int64.max): typed = ["-integer", String(number)]
        case .unsignedInt: return nil
        case .double(let number) where number.isFinite: typed = ["-float", "\(number)"]
        case .double: return nil
        case .bool(let flag): typed = ["-bool", flag ? "true" : "false"]
        case .date(let date):
            // `defaults` reads `-date` to the second, in the form NSDate prints.
            let seconds = date.timeIntervalSince1970
            guard seconds == seconds.rounded(.down) else { return nil }
            typed = ["-date", Self.dateText(date)]
        case .data(let bytes): typed = ["-data", Self.hex(bytes)]
        case .array, .dictionary: typed = [XMLPropertyListWriter.fragment(value)]
        }
        return ["defaults", "write", suite, key] + typed
    }

    func removing(key: String, inSuite suite: String) -> [String] {
        ["defaults", "delete", suite, key]
    }

    /// A moment as `defaults` reads a `-date`: `2026-11-27 10:00:00 +0000`, from its ISO 8601 text to the second.
    private static func dateText(_ date: Date) -> String {
        let iso = PropertyListValue.date(date).text  // 2026-11-27T10:00:00Z
        return iso.split(separator: "T").joined(separator: " ").dropLast() + " +0000"
    }

    /// Bytes as `-data` reads them: two lowercase hexadecimal digits each.
    private static func hex(_ bytes: Data) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
