import PrefsTools

/// The filter typed after `/`, over the list shown: PrefsTools' `FilterQuery`, as `prefs find` takes
/// it, over the suites (and every suite's keys) or the open suite's keys.
///
/// A filter belongs to the list it was typed in: the suites' is put aside while a suite found with it is open, and
/// comes back with the suites.
public struct ListFilter {
    /// The text typed.
    public internal(set) var text = "" {
        didSet { if text != oldValue { parse() } }
    }
    /// Whether keys typed go to the filter.
    public internal(set) var isEditing = false
    /// The query typed; `nil` while the text is empty or not understood.
    private(set) var query: FilterQuery?
    /// Why the text is not understood, on one line, naming the nearest filter: shown in place of the count.
    public private(set) var problem: String?
    /// The suites' filter while a suite found with it is open.
    private var suitesText = ""
    /// What each query typed on the way to this one found, kept while the list and the suite are the same, so that
    /// Backspace costs nothing and a query that only narrows an earlier one searches only what that one found.
    private var found: [(text: String, suite: String, version: Int, query: FilterQuery, rows: [Int32])] = []
    /// The same, ranked, for the text typed last.
    private var ranked: (text: String, suite: String, version: Int, rows: [Int32])?

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

    /// The positions of a suite's keys the filter keeps, best first as `prefs find` ranks them, in the list's order
    /// within a rank; none while the text is not understood.
    ///
    /// - Parameter list: The suite's keys.
    /// - Returns: The positions.
    mutating func rows(in list: KeyList) -> [Int32] {
        if let ranked, ranked.text == text, ranked.suite == list.name, ranked.version == list.version {
            return ranked.rows
        }
        guard let query else { return [] }
        found.removeAll { $0.suite != list.name || $0.version != list.version || !text.hasPrefix($0.text) }
        let earlier = found.last { query.narrows($0.query) }
        let matches = query.matches(in: list.table, among: earlier?.rows)
        found.append((text, list.name, list.version, query, matches.map(\.row)))
        let rows = FilterQuery.ranked(matches)
        ranked = (text, list.name, list.version, rows)
        return rows
    }

    private mutating func parse() {
        ranked = nil
        do {
            query = try FilterQuery(text)
            problem = nil
        } catch {
            query = nil
            problem = error.description
        }
    }
}
