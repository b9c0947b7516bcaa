/// The keys a search over every suite found, made one at a time as they are drawn: a keystroke that matches 40,000
/// keys keeps 40,000 row numbers, not 40,000 pairs of strings.
public struct SearchMatches: RandomAccessCollection, Sendable {
    /// Each suite with matches: its name, its keys (shared with its key list), and the positions found.
    struct Group: Sendable {
        let suite: String
        let keys: [String]
        let rows: [Int32]
    }

    let groups: [Group]
    /// Where each group starts among all matches, plus the end.
    private let starts: [Int]

    init(_ groups: [Group]) {
        self.groups = groups
        var starts = [0]
        starts.reserveCapacity(groups.count + 1)
        for group in groups { starts.append((starts.last ?? 0) + group.rows.count) }
        self.starts = starts
    }

    static let none = SearchMatches([])

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.last ?? 0 }

    /// How many suites hold matches.
    public var suiteCount: Int { groups.count }

    public subscript(position: Int) -> SearchMatch {
        // The last group starting at or before the position.
        var low = 0
        var high = groups.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        let group = groups[low]
        return SearchMatch(suite: group.suite, key: group.keys[Int(group.rows[position - starts[low]])])
    }
}
