/// The suites as a tree, as dconf-editor shows GNOME's: names open level by level at their dots and slashes
/// (`org.` › `gnome.` › `desktop.` › `interface`), on the machine view first by store (`gsettings:`).
///
/// A store whose suites fit on a screen (``flatLimit``) is listed whole, as before: folders there would only cost
/// keys. A folder that would hold a single suite is not made: the suite is listed under its longer name. A chain of folders
/// each holding one folder is one folder (`org.gnome.`, not `org.` then `gnome.`). Folders come first, then suites,
/// each in the order given (``PrefsTools/NaturalOrder``).
enum SuiteTree {
    /// The most suites a level lists whole, without folders: a terminal's height.
    static let flatLimit = 24

    /// Where a name opens onto the next level.
    static func isSeparator(_ character: Character) -> Bool {
        character == "." || character == "/"
    }

    /// The rows of one level.
    ///
    /// - Parameters:
    ///   - rows: Every suite, sorted.
    ///   - folder: The folder open: `""` at the top, else a folder row's name.
    ///   - stores: On the machine view, its stores' words, each a folder at the top, even when empty or unreadable
    ///     (with its problem); `nil` on one store.
    ///   - problems: Why each store could not be listed, by word.
    ///   - flatLimit: The most suites listed whole.
    /// - Returns: The folders, then the suites, of that level.
    static func level(
        _ rows: [SuiteRow], under folder: String, stores: [String]?, problems: [String: String] = [:],
        flatLimit: Int = flatLimit
    ) -> [SuiteRow] {
        let inside = rows.filter { $0.name.hasPrefix(folder) && $0.name.count > folder.count }
        if folder.isEmpty, let stores {
            return stores.map { word in
                let prefix = word + ":"
                return folderRow(prefix, shown: word, rows: inside.filter { $0.name.hasPrefix(prefix) }, problem: problems[word])
            }
        }
        if inside.count <= flatLimit {
            return inside.map { row in
                var row = row
                row.shownName = String(row.name.dropFirst(folder.count))
                return row
            }
        }
        var order: [String] = []
        var groups: [String: [SuiteRow]] = [:]
        for row in inside {
            let rest = row.name.dropFirst(folder.count)
            let segment = firstSegment(of: rest)
            if groups[segment] == nil { order.append(segment) }
            groups[segment, default: []].append(row)
        }
        var folders: [SuiteRow] = []
        var suites: [SuiteRow] = []
        for segment in order {
            guard let group = groups[segment], let first = group.first else { continue }
            if group.count == 1 {
                var row = first
                row.shownName = String(first.name.dropFirst(folder.count))
                suites.append(row)
                continue
            }
            let shared = sharedFolder(of: group.map { $0.name.dropFirst(folder.count) })
            folders.append(folderRow(folder + shared, shown: shared, rows: group, problem: nil))
        }
        // A schema that only gathers others (GNOME's `org.gnome.desktop.peripherals`, no key of its own) is its
        // folder alone, not a second row of nothing beside it.
        let folderNames = Set(folders.map(\.name))
        suites.removeAll { row in
            row.storedKeys == 0 && row.systemKeys == 0 && (row.declaredKeys ?? 0) == 0 && row.problem == nil
                && folderNames.contains { $0.dropLast() == row.name }
        }
        // A level of one folder alone opens onto that folder's: `org.` holding only `org.gnome.` and `org.gtk.` lists
        // those two.
        if suites.isEmpty, folders.count == 1, let only = folders.first, let shown = only.shownName {
            return level(rows, under: only.name, stores: stores, flatLimit: flatLimit).map { row in
                var row = row
                row.shownName = shown + (row.shownName ?? "")
                return row
            }
        }
        return folders + suites
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
        leadingTo suite: String, in rows: [SuiteRow], stores: [String]?, flatLimit: Int = flatLimit
    ) -> [String] {
        var path: [String] = []
        var folder = ""
        // Each level's folder is longer than the last, so the walk ends by the name's length.
        while path.count <= suite.count {
            let next = level(rows, under: folder, stores: stores, flatLimit: flatLimit).first {
                $0.isFolder && suite.hasPrefix($0.name) && $0.name != suite
            }
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

    /// A folder's row: its suites counted, their stored keys summed.
    private static func folderRow(_ name: String, shown: String, rows: [SuiteRow], problem: String?) -> SuiteRow {
        SuiteRow(
            name: name, storedKeys: rows.reduce(0) { $0 + $1.storedKeys },
            systemKeys: rows.reduce(0) { $0 + $1.systemKeys }, hasSchema: false, declaredKeys: nil, problem: problem,
            folderSuites: rows.count, shownName: shown)
    }
}
