import PrefsTools

extension SearchPattern {
    /// Rows of a key list put in the order of the one ranking `prefs find` uses: best rank first, and within a rank
    /// in the list's order.
    ///
    /// - Parameters:
    ///   - rows: The positions that matched, in the list's order.
    ///   - keys: The list's keys.
    /// - Returns: The positions, ranked.
    func ranked(_ rows: [Int32], keys: [String]) -> [Int32] {
        guard !text.isEmpty else { return rows }
        // One pass into a bucket per rank keeps the list's order within a rank without sorting.
        var buckets = [[Int32]](repeating: [], count: Rank.otherField.rawValue + 1)
        for row in rows { buckets[(rank(ofKey: keys[Int(row)]) ?? .otherField).rawValue].append(row) }
        return buckets.flatMap { $0 }
    }
}
