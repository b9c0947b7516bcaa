/// The suites as a tree (``NameTree``), on the machine view first by store (`gsettings:`), each store's folder shown
/// even when empty or unreadable.
///
/// A schema that only gathers others (GNOME's `org.gnome.desktop.peripherals`, no key of its own) is its folder
/// alone, not a second row of nothing beside it.
enum SuiteTree {
    /// The rows of one level.
    ///
    /// - Parameters:
    ///   - rows: Every suite, sorted.
    ///   - folder: The folder open: `""` at the top, else a folder row's name.
    ///   - stores: On the machine view, its stores' words, each a folder at the top; `nil` on one store.
    ///   - problems: Why each store could not be listed, by word.
    ///   - flatLimit: The most suites listed whole.
    /// - Returns: The folders, then the suites, of that level.
    static func level(
        _ rows: [SuiteRow], under folder: String, stores: [String]?, problems: [String: String] = [:],
        flatLimit: Int = NameTree.flatLimit
    ) -> [SuiteRow] {
        let nodes =
            folder.isEmpty && stores != nil
            ? top(rows, stores: stores ?? [])
            : NameTree.level(rows.map(\.name), under: folder, flatLimit: flatLimit)
        let built = nodes.map { node in
            node.isFolder
                ? folderRow(node, rows: rows, problem: MachineWord.of(node.name).flatMap { problems[$0] })
                : shownAs(rows[node.members[0]], node.shown)
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
    ///   - rows: Every suite, sorted.
    ///   - stores: The machine's stores' words, or `nil` on one store.
    ///   - flatLimit: The most suites a level lists whole.
    /// - Returns: The folders, outermost first; empty when the suite is listed at the top.
    static func folders(
        leadingTo suite: String, in rows: [SuiteRow], stores: [String]?, flatLimit: Int = NameTree.flatLimit
    ) -> [String] {
        NameTree.folders(
            leadingTo: suite, in: rows.map(\.name), top: stores.map { top(rows, stores: $0) }, flatLimit: flatLimit)
    }

    /// The machine's top level: a folder per store, in the order given.
    private static func top(_ rows: [SuiteRow], stores: [String]) -> [NameTree.Node] {
        stores.map { word in
            let prefix = word + ":"
            return NameTree.Node(
                name: prefix, shown: word, members: rows.indices.filter { rows[$0].name.hasPrefix(prefix) },
                isFolder: true)
        }
    }

    private static func shownAs(_ row: SuiteRow, _ shown: String) -> SuiteRow {
        var row = row
        row.shownName = shown
        return row
    }

    /// A folder's row: its suites counted, their stored keys summed.
    private static func folderRow(_ node: NameTree.Node, rows: [SuiteRow], problem: String?) -> SuiteRow {
        let members = node.members.map { rows[$0] }
        return SuiteRow(
            name: node.name, storedKeys: members.reduce(0) { $0 + $1.storedKeys },
            systemKeys: members.reduce(0) { $0 + $1.systemKeys }, hasSchema: false, declaredKeys: nil,
            problem: problem, folderSuites: members.count, shownName: node.shown)
    }
}

/// The store's word a machine folder's name holds: `gsettings` for `gsettings:`; `nil` for any other folder.
private enum MachineWord {
    static func of(_ folder: String) -> String? {
        guard folder.last == ":", !folder.dropLast().contains(":") else { return nil }
        return String(folder.dropLast())
    }
}
