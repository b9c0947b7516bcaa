import PrefsTools

extension SearchPattern {
    /// Rows of a key list put in the order of the one ranking `prefs find` uses: best rank first, and within a rank
    /// in the list's order.
    ///
    /// - Parameters:
    ///   - rows: The positions that matched, in the list's order.
    ///   - index: The list's search index, which knows which field of a row matched.
    /// - Returns: The positions, ranked.
    func ranked(_ rows: [Int32], in index: KeySearchIndex) -> [Int32] {
        guard !text.isEmpty else { return rows }
        let fuzzy = FuzzyPattern(text)
        // One pass into a bucket per rank keeps the list's order within a rank without sorting.
        var buckets = [[Int32]](repeating: [], count: Rank.value.rawValue + 1)
        for row in rows { buckets[index.rank(ofRow: row, self, fuzzy).rawValue].append(row) }
        return buckets.flatMap { $0 }
    }
}
