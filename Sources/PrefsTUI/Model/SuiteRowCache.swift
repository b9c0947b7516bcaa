import PrefsTools

/// The suites the suites screen lists: their names, listed once, and each one's row made the first time a level of
/// the tree shows it.
///
/// The machine's first frame lists every store's suites but reads none of them: reading each suite for a count of its
/// keys made it 24 ms over 200 plist suites, 40 KConfig files, 10 Xfconf channels and GNOME's schemas, against
/// `gsettings list-recursively`'s 6 ms.
final class SuiteRowCache {
    /// The names, sorted as people count; `nil` until listed.
    private var sorted: [String]?
    /// The suites that have a schema, from the list of them.
    private(set) var described: Set<String> = []
    private var rows: [String: SuiteRow] = [:]
    /// The store's folders' titles (``/PrefsCore/SuiteStore/suiteFolderTitles()``), listed with the names.
    private(set) var folderTitles: [String: String] = [:]

    /// The names, listed the first time by `list` (every suite, and those with a schema).
    func names(
        listing list: () -> (all: Set<String>, described: Set<String>, folderTitles: [String: String])
    ) -> [String] {
        if let sorted { return sorted }
        let listed = list()
        described = listed.described
        folderTitles = listed.folderTitles
        let names = listed.all.union(listed.described).sorted(by: NaturalOrder.precedes)
        sorted = names
        return names
    }

    /// A suite's row, made by `make` the first time.
    func row(_ name: String, make: () -> SuiteRow) -> SuiteRow {
        if let row = rows[name] { return row }
        let row = make()
        rows[name] = row
        return row
    }

    /// Replaces a suite's row, adding the suite when it is new.
    func replace(_ row: SuiteRow) {
        rows[row.name] = row
        guard var names = sorted, !names.contains(row.name) else { return }
        let index = names.firstIndex { NaturalOrder.precedes(row.name, $0) } ?? names.endIndex
        names.insert(row.name, at: index)
        sorted = names
    }

    /// Removes a suite that no longer exists.
    func remove(_ name: String) {
        rows[name] = nil
        sorted?.removeAll { $0 == name }
    }

    /// Whether the names were listed.
    var isListed: Bool { sorted != nil }

    /// Forgets everything, so that the next frame lists and reads again.
    func forget() {
        sorted = nil
        described = []
        folderTitles = [:]
        rows = [:]
    }
}
