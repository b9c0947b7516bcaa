public import PrefsCore

/// Keys are names by their exact code points: a suite may hold `café` composed (U+00E9) and decomposed (`e` and
/// U+0301), two keys with two values, as any property list or database may.
///
/// Swift's strings compare by canonical equivalence, so a document built as a Swift dictionary (every JSON and
/// property list `prefs` writes) would keep one of the two and drop the other without a word, and a round trip
/// through it would change a value. Such a document is refused instead, naming both keys.
public enum ExactKeyNames {
    /// Refuses a suite that holds two keys a document cannot tell apart.
    ///
    /// - Parameters:
    ///   - suite: The suite; its stored keys are read by their exact bytes where the store can list them so.
    ///   - name: The suite's name, for the message.
    ///   - what: What would hold them, for the message: "an export", "a dump", "JSON".
    /// - Throws: ``ToolError`` naming the two keys by their code points.
    public static func checkDistinct(_ suite: any PersistentKeyValueStore, name: String, in what: String) throws {
        // Keys of ASCII alone, as most are, cannot differ only in normalization.
        guard let keys = suite.transactions?.sortedKeys(), keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } })
        else { return }
        var seen: [String: String] = [:]
        for key in keys {
            if let other = seen[key], !other.utf8.elementsEqual(key.utf8) {
                throw ToolError(
                    "suite \(TextEscaping.quoted(name)) holds two keys that differ only in Unicode normalization, "
                        + "\(spelled(other)) and \(spelled(key)), which \(what) cannot hold apart; nothing was "
                        + "written (rename one with prefs rename)",
                    code: .refused)
            }
            seen[key] = key
        }
    }

    /// A key with each scalar outside ASCII written as `\u{XXXX}`, so that two keys that look alike read apart.
    static func spelled(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            if scalar.isASCII && !TextEscaping.isControl(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return "\"\(text)\""
    }
}
