/// Names as a tree, as dconf-editor shows GNOME's: they open level by level at their dots and slashes
/// (`org.` › `gnome.` › `desktop.` › `interface`); the one rule the suites' tree (``SuiteTree``) and a suite's keys'
/// (``KeyTree``) both follow.
///
/// A level of at most ``flatLimit`` names lists them whole: folders there would only cost keys. A folder that would
/// hold a single name is not made: the name is listed whole past the folder open. A level of one folder alone opens
/// onto that folder's level (`org.` holding only `org.gnome.` and `org.gtk.` lists those two).
enum NameTree {
    /// One row of a level.
    struct Node: Equatable {
        /// A folder's whole prefix, separator included (`org.gnome.`); a name's whole name.
        let name: String
        /// What the row shows: the part past the folder open.
        let shown: String
        /// The positions, in the names given, of the names it stands for: one for a name.
        let members: [Int]
        /// Whether it is a folder.
        let isFolder: Bool
    }

    /// The most names a level lists whole, without folders: a terminal's height.
    static let flatLimit = 24

    /// Where a name opens onto the next level.
    static func isSeparator(_ character: Character) -> Bool {
        character == "." || character == "/"
    }

    /// The rows of one level: its folders, then its names, each in the order given.
    ///
    /// - Parameters:
    ///   - names: Every name, in the order listed.
    ///   - folder: The folder open: `""` at the top, else a folder's name.
    ///   - flatLimit: The most names listed whole.
    /// - Returns: The level's rows.
    static func level(_ names: [String], under folder: String, flatLimit: Int = flatLimit) -> [Node] {
        let inside = names.indices.filter { names[$0].hasPrefix(folder) && names[$0].count > folder.count }
        let leaf = { (index: Int) in
            Node(
                name: names[index], shown: String(names[index].dropFirst(folder.count)), members: [index],
                isFolder: false)
        }
        if inside.count <= flatLimit { return inside.map(leaf) }
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        for index in inside {
            let segment = firstSegment(of: names[index].dropFirst(folder.count))
            if groups[segment] == nil { order.append(segment) }
            groups[segment, default: []].append(index)
        }
        var folders: [Node] = []
        var leaves: [Node] = []
        for segment in order {
            guard let group = groups[segment], let first = group.first else { continue }
            guard group.count > 1 else {
                leaves.append(leaf(first))
                continue
            }
            let shared = sharedFolder(of: group.map { names[$0].dropFirst(folder.count) })
            folders.append(Node(name: folder + shared, shown: shared, members: group, isFolder: true))
        }
        if leaves.isEmpty, folders.count == 1, let only = folders.first {
            return level(names, under: only.name, flatLimit: flatLimit).map { node in
                Node(name: node.name, shown: only.shown + node.shown, members: node.members, isFolder: node.isFolder)
            }
        }
        return folders + leaves
    }

    /// The folders to open, one per level, to list a name.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - names: Every name, in the order listed.
    ///   - top: The top level, when it is not ``level(_:under:flatLimit:)``'s (the machine's stores).
    ///   - flatLimit: The most names a level lists whole.
    /// - Returns: The folders, outermost first; empty when the name is listed at the top.
    static func folders(
        leadingTo name: String, in names: [String], top: [Node]? = nil, flatLimit: Int = flatLimit
    ) -> [String] {
        var path: [String] = []
        var folder = ""
        // Each level's folder is longer than the last, so the walk ends by the name's length.
        while path.count <= name.count {
            let rows = folder.isEmpty && top != nil ? top ?? [] : level(names, under: folder, flatLimit: flatLimit)
            let next = rows.first { $0.isFolder && name.hasPrefix($0.name) && $0.name != name }
            guard let next else { return path }
            path.append(next.name)
            folder = next.name
        }
        return path
    }

    /// A name's first level: up to its first separator past the first character, separator included; the whole
    /// name when it has none.
    private static func firstSegment(of rest: Substring) -> String {
        guard let first = rest.first else { return "" }
        let after = rest.dropFirst()
        guard let end = after.firstIndex(where: isSeparator) else { return String(rest) }
        return String(first) + String(after[...end])
    }

    /// The longest start several names share that ends at a separator: the folder they all go into.
    private static func sharedFolder(of names: [Substring]) -> String {
        guard var shared = names.first.map(String.init) else { return "" }
        for name in names.dropFirst() {
            shared = String(zip(shared, name).prefix { $0 == $1 }.map(\.0))
        }
        // Cut back to the last separator, past the first character (a dconf path's leading slash opens nothing).
        guard let end = shared.dropFirst().lastIndex(where: isSeparator) else { return shared }
        return String(shared[...end])
    }
}
