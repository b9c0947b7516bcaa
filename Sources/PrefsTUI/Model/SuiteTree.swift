/// The suites as a tree (``NameTree``), on the machine view first by store (`gsettings:`), each store's folder shown
/// even when empty or unreadable.
///
/// A schema that only gathers others (GNOME's `org.gnome.desktop.peripherals`, no key of its own) is its folder
/// alone, not a second row of nothing beside it.
enum SuiteTree {
    /// The rows of one level: folders counted by their suites' names alone, and only the level's own suites read.
    ///
    /// - Parameters:
    ///   - names: Every suite's name, sorted.
    ///   - folder: The folder open: `""` at the top, else a folder row's name.
    ///   - stores: On the machine view, its stores' words, each a folder at the top; `nil` on one store.
    ///   - problems: Why each store could not be listed, by word.
    ///   - flatLimit: The most suites listed whole.
    ///   - row: A suite's row, read when its level is shown.
    /// - Returns: The folders, then the suites, of that level.
    static func level(
        _ names: [String], under folder: String, stores: [String]?, problems: [String: String] = [:],
        flatLimit: Int = NameTree.flatLimit, row: (String) -> SuiteRow
    ) -> [SuiteRow] {
        let nodes =
            folder.isEmpty && stores != nil
            ? top(names, stores: stores ?? [])
            : NameTree.level(names, under: folder, flatLimit: flatLimit)
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
    ///   - flatLimit: The most suites a level lists whole.
    /// - Returns: The folders, outermost first; empty when the suite is listed at the top.
    static func folders(
        leadingTo suite: String, in names: [String], stores: [String]?, flatLimit: Int = NameTree.flatLimit
    ) -> [String] {
        NameTree.folders(
            leadingTo: suite, in: names, top: stores.map { top(names, stores: $0) }, flatLimit: flatLimit)
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
