/// What a person searches for, and the one ranking of `prefs find` and the editor's `/`: key names first (exact,
/// then prefix, then word start, then anywhere in the name, then fuzzy), then keys found by their summary or
/// description, then keys found by their value.
///
/// A value ranks last because it is the least likely to be what was meant: base64 data and long text hold nearly any
/// short pattern, and a match there must never push a key that is named so below it.
///
/// Case is ignored. A key name matches fuzzily, as fuzzy finders do (`fscl` finds `fontScale`); the other fields
/// match only where they hold the text, since a short pattern spread over a long description would match nearly
/// every key.
public struct SearchPattern: Sendable, Hashable {
    /// How well a key matches; smaller is better.
    public enum Rank: Int, Sendable, Comparable {
        case exactKey, keyPrefix, keyWordStart, keyContains, keyFuzzy, documentation, value

        public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Why a key matched, in a word or two, as the editor shows it beside each hit of a search.
        public var reason: String {
            switch self {
            case .exactKey: "the key's name"
            case .keyPrefix: "the name's start"
            case .keyWordStart: "a word of the name"
            case .keyContains: "in the name"
            case .keyFuzzy: "the name, fuzzily"
            case .documentation: "the description"
            case .value: "the value"
            }
        }
    }

    /// The text as typed.
    public let text: String
    private let lowered: String
    /// The lowercased text as UTF-8, for matching the lowercased fields of ``SearchText``.
    let loweredBytes: [UInt8]
    /// The lowercased text's bytes when it is ASCII, for ranking ASCII keys without making strings: a filter
    /// keystroke ranks every key that matched, up to 100,000 of them.
    private let asciiBytes: [UInt8]?

    /// Creates a pattern.
    ///
    /// - Parameter text: The text looked for.
    public init(_ text: String) {
        self.text = text
        lowered = text.lowercased()
        loweredBytes = Array(lowered.utf8)
        asciiBytes = lowered.utf8.allSatisfy { $0 < 0x80 } ? Array(lowered.utf8) : nil
    }

    /// How a key's name matches, or `nil` when its characters are not all in it, in order.
    ///
    /// - Parameter key: The key's name.
    /// - Returns: The rank, at best ``Rank/exactKey`` and at worst ``Rank/keyFuzzy``.
    public func rank(ofKey key: String) -> Rank? {
        guard !lowered.isEmpty else { return .exactKey }
        if let asciiBytes, key.utf8.allSatisfy({ $0 < 0x80 }) {
            var key = key
            return key.withUTF8 { Self.rank(ofASCIIKey: $0, pattern: asciiBytes) }
        }
        return rank(ofKeyText: key)
    }

    /// ``rank(ofKey:)`` for a key whose ASCII-ness is known, as a ``SuiteKeyTable`` knows each of its keys', so that a
    /// keystroke over 100,000 keys does not check each key's bytes before ranking them.
    ///
    /// - Parameters:
    ///   - key: The key's name.
    ///   - isASCII: Whether every byte of the key is ASCII.
    /// - Returns: The rank, as ``rank(ofKey:)`` gives it.
    func rank(ofKey key: String, isASCII: Bool) -> Rank? {
        guard !lowered.isEmpty else { return .exactKey }
        guard let asciiBytes, isASCII else { return rank(ofKeyText: key) }
        var key = key
        return key.withUTF8 { Self.rank(ofASCIIKey: $0, pattern: asciiBytes) }
    }

    /// Whether every row this pattern matches, the shorter one matches too: it holds the other's text from its start.
    func narrows(_ shorter: SearchPattern) -> Bool {
        lowered.hasPrefix(shorter.lowered)
    }

    /// ``rank(ofKey:)`` on characters, for any key.
    func rank(ofKeyText key: String) -> Rank? {
        let name = key.lowercased()
        if name == lowered { return .exactKey }
        if name.hasPrefix(lowered) { return .keyPrefix }
        guard name.contains(lowered) else { return isSubsequence(of: name) ? .keyFuzzy : nil }
        return Self.wordStarts(of: key).contains { key[$0...].lowercased().hasPrefix(lowered) }
            ? .keyWordStart : .keyContains
    }

    /// How a key matches by its name or, failing that, by its documentation, then by its value.
    ///
    /// - Parameters:
    ///   - key: The key's name.
    ///   - value: Its value as shown (`nil` for a hidden secret).
    ///   - documentation: Its summary and description.
    /// - Returns: The rank, or `nil` when nothing matches.
    public func rank(ofKey key: String, value: String?, documentation: [String?]) -> Rank? {
        // The same bytes a table's search matches, for one key.
        var text = SearchText(capacity: 1)
        text.append(
            SearchText.Fields(
                value: value, summary: documentation.first ?? nil,
                description: documentation.count > 1 ? documentation[1] : nil))
        return rank(ofKey: key, isASCII: key.utf8.allSatisfy { $0 < 0x80 }, row: 0, in: text)
    }

    /// How the key at a row of a searched text ranks: by its name, else by its documentation, else by its value; the
    /// one rule ``FilterQuery`` and ``rank(ofKey:value:documentation:)`` apply.
    func rank(ofKey key: String, isASCII: Bool, row: Int, in text: SearchText) -> Rank? {
        if let rank = rank(ofKey: key, isASCII: isASCII) { return rank }
        return switch text.find(loweredBytes, row: row) {
        case .documentation: .documentation
        case .value: .value
        case nil: nil
        }
    }

    /// Whether the pattern's characters appear in `text` in order.
    private func isSubsequence(of text: String) -> Bool {
        var remaining = lowered[...]
        for character in text where character == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }

    /// Where the words of a key start: its start, after a character that is not a letter or digit, a capital after
    /// a small letter (`fontScale`), and a digit after a letter or a letter after a digit (`key09999`, `v2ray`).
    private static func wordStarts(of key: String) -> [String.Index] {
        var starts: [String.Index] = []
        var previous: Character?
        for index in key.indices {
            let character = key[index]
            let isStart =
                switch previous {
                case nil: true
                case let before?:
                    !(before.isLetter || before.isNumber) || (before.isLowercase && character.isUppercase)
                        || (before.isLetter && character.isNumber) || (before.isNumber && character.isLetter)
                }
            if isStart && (character.isLetter || character.isNumber) { starts.append(index) }
            previous = character
        }
        return starts
    }
}
