extension SearchPattern {
    /// ``rank(ofKey:)`` for a key and a lowercased pattern both in ASCII, on their bytes, folding case as it goes.
    ///
    /// The same rules as the string path, which a test checks key by key: exact, prefix, at a word start, anywhere,
    /// then the pattern's characters in order.
    static func rank(ofASCIIKey key: UnsafeBufferPointer<UInt8>, pattern: [UInt8]) -> Rank? {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        func matches(at start: Int) -> Bool {
            for offset in pattern.indices where lower(key[start + offset]) != pattern[offset] { return false }
            return true
        }
        if key.count >= pattern.count, matches(at: 0) { return key.count == pattern.count ? .exactKey : .keyPrefix }
        var found = false
        if key.count > pattern.count {
            for start in 1...(key.count - pattern.count) where matches(at: start) {
                if isWordStart(key, at: start) { return .keyWordStart }
                found = true
            }
        }
        if found { return .keyContains }
        var next = 0
        for byte in key where next < pattern.count && lower(byte) == pattern[next] { next += 1 }
        return next == pattern.count ? .keyFuzzy : nil
    }

    /// Whether a word of an ASCII key starts at an offset, as ``wordStarts(of:)`` finds them.
    private static func isWordStart(_ key: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let (before, character) = (key[offset - 1], key[offset])
        guard isLetter(character) || isDigit(character) else { return false }
        return !(isLetter(before) || isDigit(before))
            || ((0x61...0x7A).contains(before) && (0x41...0x5A).contains(character))
            || (isLetter(before) && isDigit(character)) || (isDigit(before) && isLetter(character))
    }
}
