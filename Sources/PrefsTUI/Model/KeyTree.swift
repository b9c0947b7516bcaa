/// One level of a suite's keys: the positions of the keys it lists, and the folders after them.
struct KeyLevel {
    /// The positions in the suite's list; `nil` for every key (a suite listed whole).
    let positions: [Int32]?
    let folders: [KeyFolder]

    static let whole = KeyLevel(positions: nil, folders: [])
}

/// A suite's keys as a tree, by the rule the suites follow (``NameTree``): a suite of a screenful of keys is listed
/// whole, a larger one opens at its groups, paths and dots.
enum KeyTree {
    /// The level under a folder.
    ///
    /// - Parameters:
    ///   - keys: The suite's keys, in the order listed.
    ///   - folder: The folder open, `""` at the top.
    ///   - isStored: Whether a key is stored, for the folders' counts.
    /// - Returns: The level.
    static func level(_ keys: [String], under folder: String, isStored: (String) -> Bool) -> KeyLevel {
        if folder.isEmpty, keys.count <= NameTree.flatLimit { return .whole }
        let nodes = NameTree.level(keys, under: folder)
        guard folder.isEmpty ? nodes.contains(where: \.isFolder) : true else { return .whole }
        return KeyLevel(
            positions: nodes.filter { !$0.isFolder }.map { Int32($0.members[0]) },
            folders: nodes.filter(\.isFolder).map { node in
                KeyFolder(
                    prefix: node.name, shown: node.shown, keys: node.members.count,
                    stored: node.members.count { isStored(keys[$0]) })
            })
    }

    /// The folders to open to list a key.
    static func folders(leadingTo key: String, in keys: [String]) -> [String] {
        NameTree.folders(leadingTo: key, in: keys)
    }
}
