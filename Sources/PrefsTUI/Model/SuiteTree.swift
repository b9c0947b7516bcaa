import PrefsTools

/// The suites as a tree (``NameTree``), on the machine view first by store (`gsettings:`), each store's folder shown
/// even when empty or unreadable.
///
/// A schema that only gathers others (GNOME's `org.gnome.desktop.peripherals`, no key of its own) is its folder
/// alone, not a second row of nothing beside it. A store's own folders (a Flatpak app's schemas) are one folder each,
/// shown by their title, whatever their number.
enum SuiteTree {
    /// The rows of one level: folders counted by their suites' names alone, and only the level's own suites read.
    ///
    /// - Parameters:
    ///   - names: Every suite's name, sorted.
    ///   - folder: The folder open: `""` at the top, else a folder row's name.
    ///   - stores: On the machine view, its stores' words, each a folder at the top; `nil` on one store.
    ///   - titles: The stores' own folders' titles, by the start of their suites' names.
    ///   - problems: Why each store could not be listed, by word.
    ///   - flatLimit: The most suites listed whole.
    ///   - row: A suite's row, read when its level is shown.
    /// - Returns: The folders, then the suites, of that level.
    static func level(
        _ names: [String], under folder: String, stores: [String]?, titles: [String: String] = [:],
        problems: [String: String] = [:], flatLimit: Int = NameTree.flatLimit, row: (String) -> SuiteRow
    ) -> [SuiteRow] {
        let nodes = self.nodes(names, under: folder, stores: stores, titles: titles, flatLimit: flatLimit)
        let built = nodes.map { node in
            node.isFolder
                ? SuiteRow(
                    name: node.name, storedKeys: 0, hasSchema: false,
                    problem: MachineWord.of(node.name).flatMap { problems[$0] }, folderSuites: node.members.count,
                    shownName: node.shown)
                : shownAs(row(names[node.members[0]]), node.shown)
        }
        let folderNames = Set(built.filter(\.isFolder).map(\.name))
        return built.filter { row in
            row.isFolder || row.storedKeys != 0 || row.systemKeys != 0 || (row.declaredKeys ?? 1) != 0
                || row.problem != nil || !folderNames.contains(row.name + ".")
        }
    }

    /// The folders to open, one per level, to list a suite.
    ///
    /// - Parameters:
    ///   - suite: The suite's whole name.
    ///   - names: Every suite's name, sorted.
    ///   - stores: The machine's stores' words, or `nil` on one store.
    ///   - titles: The stores' own folders' titles, by the start of their suites' names.
    ///   - flatLimit: The most suites a level lists whole.
    /// - Returns: The folders, outermost first; empty when the suite is listed at the top.
    static func folders(
        leadingTo suite: String, in names: [String], stores: [String]?, titles: [String: String] = [:],
        flatLimit: Int = NameTree.flatLimit
    ) -> [String] {
        var path: [String] = []
        var folder = ""
        // Each level's folder is longer than the last, so the walk ends by the name's length.
        while path.count <= suite.count {
            let rows = nodes(names, under: folder, stores: stores, titles: titles, flatLimit: flatLimit)
            guard let next = rows.first(where: { $0.isFolder && suite.hasPrefix($0.name) && $0.name != suite })
            else { return path }
            path.append(next.name)
            folder = next.name
        }
        return path
    }

    /// One level's nodes: the machine's stores at its top; else the stores' own folders under the folder open, one
    /// each by its title, and the other names as ``NameTree`` makes their level.
    private static func nodes(
        _ names: [String], under folder: String, stores: [String]?, titles: [String: String], flatLimit: Int
    ) -> [NameTree.Node] {
        if folder.isEmpty, let stores { return top(names, stores: stores) }
        var gathered = Set<Int>()
        var folders: [NameTree.Node] = []
        for start in titles.keys.sorted(by: NaturalOrder.precedes) where start.hasPrefix(folder) && start != folder {
            let members = names.indices.filter { names[$0].hasPrefix(start) }
            guard !members.isEmpty else { continue }
            gathered.formUnion(members)
            folders.append(
                NameTree.Node(name: start, shown: titles[start] ?? start, members: members, isFolder: true))
        }
        guard !folders.isEmpty else { return NameTree.level(names, under: folder, flatLimit: flatLimit) }
        let rest = names.indices.filter { !gathered.contains($0) }
        let others = NameTree.level(rest.map { names[$0] }, under: folder, flatLimit: flatLimit).map { node in
            NameTree.Node(
                name: node.name, shown: node.shown, members: node.members.map { rest[$0] }, isFolder: node.isFolder)
        }
        return folders + others
    }

    /// The machine's top level: a folder per store, in the order given.
    private static func top(_ names: [String], stores: [String]) -> [NameTree.Node] {
        stores.map { word in
            let prefix = word + ":"
            return NameTree.Node(
                name: prefix, shown: word, members: names.indices.filter { names[$0].hasPrefix(prefix) },
                isFolder: true)
        }
    }

    private static func shownAs(_ row: SuiteRow, _ shown: String) -> SuiteRow {
        var row = row
        row.shownName = shown
        return row
    }
}

/// The store's word a machine folder's name holds: `gsettings` for `gsettings:`; `nil` for any other folder.
private enum MachineWord {
    static func of(_ folder: String) -> String? {
        guard folder.last == ":", !folder.dropLast().contains(":") else { return nil }
        return String(folder.dropLast())
    }
}
