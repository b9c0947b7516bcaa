/// A filter typed after `/`, matched over bytes as PrefsTools' `SearchPattern` matches strings: a key's name the way
/// fuzzy finders do, its characters in order, not necessarily together, ignoring case, so that `fscl` finds
/// `fontScale`; the other fields only where they hold the filter whole.
///
/// It matches UTF-8 bytes, so that a search runs over a compact index rather than over strings: each character of
/// the pattern must appear whole, and since a UTF-8 lead byte never equals a continuation byte, a match always
/// starts on a character boundary.
struct FuzzyPattern: Equatable {
    /// The pattern's characters, lowercased, as UTF-8.
    private let characters: [[UInt8]]
    /// The whole pattern, lowercased, as UTF-8.
    private let whole: [UInt8]
    let text: String

    init(_ text: String) {
        self.text = text
        characters = text.lowercased().map { Array($0.utf8) }
        whole = Array(text.lowercased().utf8)
    }

    var isEmpty: Bool { characters.isEmpty }

    /// The separator between the fields of one row in an index; escaped text never holds it.
    static let separator: UInt8 = 0

    /// Whether the pattern matches any one of the fields in `bytes`, separated by ``separator``.
    ///
    /// - Parameters:
    ///   - bytes: The fields, lowercased unless `foldingASCII` is set.
    ///   - foldingASCII: Whether to lowercase ASCII letters while matching, for text stored as it is.
    /// - Returns: Whether every character of the pattern appears, in order, within one field.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, foldingASCII: Bool = false) -> Bool {
        guard !characters.isEmpty else { return true }
        var next = 0
        var index = 0
        while index < bytes.count {
            let raw = bytes[index]
            let byte = foldingASCII && (0x41...0x5A).contains(raw) ? raw + 0x20 : raw
            if byte == Self.separator {
                next = 0
                index += 1
                continue
            }
            let wanted = characters[next]
            if byte == wanted[0], starts(bytes, at: index, with: wanted) {
                next += 1
                if next == characters.count { return true }
                index += wanted.count
            } else {
                index += 1
            }
        }
        return false
    }

    /// Whether a row of an index matches: its first field (a key) fuzzily, or another field holding the pattern whole.
    ///
    /// - Parameter bytes: The row's fields, lowercased, each followed by ``separator``.
    /// - Returns: Whether it matches.
    func matchesRow(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !whole.isEmpty else { return true }
        let end = bytes.firstIndex(of: Self.separator) ?? bytes.count
        return matches(UnsafeBufferPointer(rebasing: bytes[..<end])) || firstFieldHolding(bytes, from: 1) != nil
    }

    /// The first field of a row, from field `first` on, that holds the whole pattern.
    ///
    /// - Parameters:
    ///   - bytes: The row's fields, lowercased, each followed by ``separator``.
    ///   - first: The field to start at; 0 is the key.
    /// - Returns: The field's number, or `nil` when none holds the pattern.
    func firstFieldHolding(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int) -> Int? {
        var start = 0
        var field = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: Self.separator) ?? bytes.count
            if field >= first, end - start >= whole.count, contains(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                return field
            }
            field += 1
            start = end + 1
        }
        return nil
    }

    /// Whether a field holds the whole pattern.
    private func contains(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = whole.first else { return true }
        var index = 0
        while index + whole.count <= field.count {
            if field[index] == first, starts(field, at: index, with: whole) { return true }
            index += 1
        }
        return false
    }

    /// Whether the fields match, for lists short enough not to need an index.
    func matches(_ fields: [String?]) -> Bool {
        guard !characters.isEmpty else { return true }
        var joined: [UInt8] = []
        for field in fields {
            joined += field?.lowercased().utf8 ?? "".utf8
            joined.append(Self.separator)
        }
        return joined.withUnsafeBufferPointer { matches($0) }
    }

    private func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with wanted: [UInt8]) -> Bool {
        guard index + wanted.count <= bytes.count else { return false }
        for offset in wanted.indices.dropFirst() where bytes[index + offset] != wanted[offset] { return false }
        return true
    }
}
