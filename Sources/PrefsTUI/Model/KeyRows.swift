/// The rows the keys screen lists: a suite's keys, or those the filter kept, made one at a time as they are read.
public struct KeyRows: RandomAccessCollection {
    let list: KeyList?
    /// The positions in the list the filter kept; `nil` when nothing is filtered.
    let matches: [Int32]?

    static var empty: KeyRows { KeyRows(list: nil, matches: nil) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { matches?.count ?? list?.keys.count ?? 0 }

    public subscript(position: Int) -> KeyRow {
        guard let list else { preconditionFailure("no rows") }
        return list.row(at: matches.map { Int($0[position]) } ?? position)
    }

    /// The key listed at a position, without making its row.
    func key(at position: Int) -> String? {
        guard let list, indices.contains(position) else { return nil }
        return list.keys[matches.map { Int($0[position]) } ?? position]
    }

    /// The position of a key among the rows, if it is listed.
    public func position(of key: String) -> Int? {
        guard let found = list?.position(of: key) else { return nil }
        guard let matches else { return found }
        return matches.firstIndex(of: Int32(found))
    }

    /// The row of a key, if it is listed.
    public func row(for key: String) -> KeyRow? {
        position(of: key).map { self[$0] }
    }
}
