public import PrefsTools

/// The keys a search over every suite found, best first, made one at a time as they are drawn: a keystroke that
/// matches 40,000 keys keeps 40,000 pairs of row numbers, not 40,000 pairs of strings.
public struct SearchMatches: RandomAccessCollection, Sendable {
    /// Each suite with matches: its name, its keys (shared with its key list), and the positions found.
    struct Group: Sendable {
        let suite: String
        let keys: [String]
        let rows: [Int32]
        /// Each row's rank, as ``PrefsTools/SearchPattern`` ranks it.
        let ranks: [SearchPattern.Rank]
    }

    let groups: [Group]
    /// Whether the query looked for text, so that each match's reason is worth showing.
    public let hasReasons: Bool
    /// Each match, best first as ``PrefsTools/SearchPattern`` ranks them: its group and its position in the group.
    private let order: [(group: Int32, index: Int32)]

    /// Ranks the groups' matches: best rank first, then by suite in the order given, then in each suite's order.
    init(_ groups: [Group], hasReasons: Bool = false) {
        self.groups = groups
        self.hasReasons = hasReasons
        var ranked: [(rank: SearchPattern.Rank, group: Int32, index: Int32)] = []
        ranked.reserveCapacity(groups.reduce(0) { $0 + $1.rows.count })
        for (number, group) in groups.enumerated() {
            for (index, rank) in group.ranks.enumerated() { ranked.append((rank, Int32(number), Int32(index))) }
        }
        // Within a rank: by suite in the order given, then in the suite's order, as `prefs find` lists them.
        order = ranked.sorted { ($0.rank, $0.group, $0.index) < ($1.rank, $1.group, $1.index) }
            .map { ($0.group, $0.index) }
    }

    static let none = SearchMatches([])

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    /// How many suites hold matches.
    public var suiteCount: Int { groups.count }

    /// How well the match at a position matched: what it was found by.
    public func rank(at position: Int) -> SearchPattern.Rank {
        let (group, index) = order[position]
        return groups[Int(group)].ranks[Int(index)]
    }

    public subscript(position: Int) -> SearchMatch {
        let (group, index) = order[position]
        let found = groups[Int(group)]
        return SearchMatch(suite: found.suite, key: found.keys[Int(found.rows[Int(index)])])
    }
}
