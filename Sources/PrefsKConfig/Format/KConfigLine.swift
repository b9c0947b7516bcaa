/// One line of a KConfig file, as read: its bytes, kept exactly, and what KConfig makes of them.
struct KConfigLine: Sendable, Hashable {
    /// The line's bytes, without its line feed.
    var bytes: [UInt8]
    /// What the line is.
    var kind: Kind

    /// What a line is to KConfig.
    enum Kind: Sendable, Hashable {
        /// Blank, a comment, or a line KConfig ignores (a broken header, an entry without `=`): kept, never read.
        case other
        /// A group's header: `[Group]`, `[Outer][Inner]`, `[Group][$i]`; a path of no parts is a file's own `[$i]`.
        case group(path: [String], immutable: Bool)
        /// An entry of the group above it.
        case entry(KConfigEntry)
    }
}

/// An entry line: `key=value`, `key[$i]=value`, `key[de]=value`, `key[$d]`.
struct KConfigEntry: Sendable, Hashable {
    /// The key, escapes undone.
    let key: String
    /// The locale of a localized entry (`de`, `de_DE`), else `nil`.
    let locale: String?
    /// `[$i]`: the entry cannot be changed by a file read after this one.
    let immutable: Bool
    /// `[$e]`: the value's `$VARIABLE`s are expanded when read.
    let expands: Bool
    /// `[$d]`: the entry deletes what a file read before set.
    let deleted: Bool
    /// Where the value's bytes start in the line, past `=` and the spaces after it; the line's end for `[$d]`.
    let valueStart: Int
    /// Where they end, before the spaces that end the line.
    let valueEnd: Int
}

extension KConfigLine {
    /// The value of an entry line, escapes undone, as KConfig reads it.
    var rawValue: [UInt8] {
        guard case .entry(let entry) = kind else { return [] }
        return KConfigEscaping.unescaped(bytes[entry.valueStart..<entry.valueEnd])
    }

    /// The line with its value replaced, everything before and after it kept: `key = old` stays `key = new`.
    ///
    /// - Parameter value: The new value, as it is to be written (escaped).
    /// - Returns: The line.
    func replacingValue(with value: [UInt8]) -> [UInt8] {
        guard case .entry(let entry) = kind else { return bytes }
        return Array(bytes[..<entry.valueStart]) + value + Array(bytes[entry.valueEnd...])
    }
}
