import PrefsTools

/// The filter typed after `/`, over the list shown: suites by name (and every suite's keys), or the open suite's
/// keys by key, value, summary and description.
///
/// A filter belongs to the list it was typed in: the suites' is put aside while a suite found with it is open, and
/// comes back with the suites.
public struct ListFilter {
    /// The text typed.
    public internal(set) var text = ""
    /// Whether keys typed go to the filter.
    public internal(set) var isEditing = false
    /// The suites' filter while a suite found with it is open.
    private var suitesText = ""
    /// The positions each prefix of the text kept, so that a longer filter searches only what the shorter one kept
    /// and Backspace costs nothing.
    private var results: [(pattern: String, version: Int, matches: [Int32])] = []

    /// Whether nothing is typed.
    public var isEmpty: Bool { text.isEmpty }

    /// Puts the suites' filter aside as a suite found with it opens, whose keys start unfiltered.
    mutating func openSuite() {
        suitesText = text
        text = ""
        isEditing = false
    }

    /// Brings back the suites' filter put aside by ``openSuite()``.
    ///
    /// - Returns: Whether there was one.
    mutating func returnToSuites() -> Bool {
        guard !suitesText.isEmpty else { return false }
        text = suitesText
        suitesText = ""
        return true
    }

    /// The positions of a suite's keys the filter keeps, in the order shown: a group (`editor.*`) in the list's
    /// order, as a prefixed store view holds it; else the keys whose fields match, ranked as `prefs find` ranks them.
    ///
    /// - Parameter list: The suite's keys.
    /// - Returns: The positions.
    mutating func rows(in list: KeyList) -> [Int32] {
        SuiteListing.group(text) == nil
            ? SearchPattern(text).ranked(positions(in: list), in: list.searchIndex) : positions(in: list)
    }

    /// The positions the filter keeps, in the list's order, each prefix's kept for the next keystroke.
    private mutating func positions(in list: KeyList) -> [Int32] {
        if let group = SuiteListing.group(text) { return list.positions(inGroup: group) }
        results.removeAll { $0.version != list.version || !text.hasPrefix($0.pattern) }
        if let done = results.last, done.pattern == text { return done.matches }
        let matches = list.searchIndex.matches(FuzzyPattern(text), among: results.last?.matches)
        results.append((text, list.version, matches))
        return matches
    }
}
