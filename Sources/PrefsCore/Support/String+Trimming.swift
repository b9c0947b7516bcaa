extension String {
    /// The text without the white space around it, as Foundation's `trimmingCharacters(in: .whitespaces)` gives it
    /// (or `.whitespacesAndNewlines`), which FoundationEssentials lacks.
    ///
    /// White space is Unicode's space separators and the tab; with newlines, also the line and paragraph separators,
    /// U+000A–U+000D and U+0085. Scalars are trimmed, as `CharacterSet` trims them.
    ///
    /// - Parameter newlines: Whether line breaks are trimmed too.
    /// - Returns: The trimmed text.
    package func trimmingWhiteSpace(includingNewlines newlines: Bool = false) -> String {
        trimmingScalars { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator: true
            case .lineSeparator, .paragraphSeparator: newlines
            default: scalar == "\t" || (newlines && scalar.isNewline)
            }
        }
    }

    /// The text without the line breaks around it, as Foundation's `trimmingCharacters(in: .newlines)` gives it:
    /// U+000A–U+000D, U+0085 and the line and paragraph separators.
    package func trimmingNewlines() -> String {
        trimmingScalars { $0.isNewline || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// U+000A–U+000D or U+0085, the line breaks `CharacterSet.newlines` holds besides the two separators.
    fileprivate var isNewline: Bool { (0x0A...0x0D).contains(value) || value == 0x85 }
}
