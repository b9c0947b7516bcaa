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
        let isTrimmed = { (scalar: Unicode.Scalar) -> Bool in
            switch scalar.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default: return scalar == "\t" || (newlines && ((0x0A...0x0D).contains(scalar.value) || scalar == "\u{85}"))
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
