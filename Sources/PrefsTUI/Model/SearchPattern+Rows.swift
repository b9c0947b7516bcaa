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
        let ranks = rows.map { rank(ofKey: keys[Int($0)]) ?? .otherField }
        return rows.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { rows[$0] }
    }
}
