/// The strings an enum, flags or choices key allows, from the `au` GLib's `strinfo.c` builds: for each, a word (its
/// value, or for an alias the index of its target's word), then a marker byte (`0xff` a string, `0xfe` an alias),
/// the string, its nul, and padding whose last byte is `0xff`, to a whole word.
package struct StringInfo: Sendable {
    /// The strings, in the schema's order, aliases left out.
    package let strings: [String]
    /// Each alias and the string it stands for.
    package let aliases: [String: String]

    /// Reads the words; `nil` when they are not of that form.
    package init?(_ value: SerializedVariant) {
        guard value.type == .array(.fixed("u")) else { return nil }
        let bytes = Array(value.bytes)
        var strings: [String] = []
        var aliasTargets: [(alias: String, word: Int)] = []
        var stringsByWord: [Int: String] = [:]
        var position = 0
        while position < bytes.count {
            guard position + 5 <= bytes.count else { return nil }
            let word = position / 4
            let target =
                Int(bytes[position]) | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2]) << 16
                | Int(bytes[position + 3]) << 24
            let marker = bytes[position + 4]
            guard marker == 0xFF || marker == 0xFE, let nul = bytes[(position + 5)...].firstIndex(of: 0),
                let string = String(validating: bytes[(position + 5)..<nul], as: UTF8.self)
            else { return nil }
            // The block ends at the first 0xff that closes a word after the nul.
            var end = nul + 1
            while end < bytes.count && !(bytes[end] == 0xFF && end % 4 == 3) { end += 1 }
            guard end < bytes.count else { return nil }
            if marker == 0xFF {
                strings.append(string)
                stringsByWord[word] = string
            } else {
                aliasTargets.append((string, target))
            }
            position = end + 1
        }
        var aliases: [String: String] = [:]
        for (alias, word) in aliasTargets {
            guard let target = stringsByWord[word] else { return nil }
            aliases[alias] = target
        }
        self.strings = strings
        self.aliases = aliases
    }
}
