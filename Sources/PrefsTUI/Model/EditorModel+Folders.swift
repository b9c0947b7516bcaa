import PrefsCore
import PrefsTools

/// The suites' tree: opening a folder, going back out of it, and finding the folder a suite is listed in.
extension EditorModel {
    /// The row selected on the suites screen when it is a suite, not a folder: what `R`, `u` and `x` act on.
    var selectedSuiteRow: SuiteRow? {
        guard case .suites = screen, rows.suiteRows.indices.contains(selectedIndex) else { return nil }
        let row = rows.suiteRows[selectedIndex]
        return row.isFolder ? nil : row
    }

    /// The folder listed on the suites screen: `""` at the top.
    public var openFolder: String { navigation.folders.last ?? "" }

    /// Opens a folder of the tree, its first row selected, or the row selected when last there.
    func enterFolder(_ folder: String) {
        navigation.folders.append(folder)
        navigation.selection[.suites] = 0
        refresh()
    }

    /// Goes back out of the folder open, with the folder selected among its level's rows.
    ///
    /// - Returns: Whether a folder was open.
    func leaveFolder() -> Bool {
        guard let left = navigation.folders.popLast() else { return false }
        refresh()
        if let index = rows.suiteRows.firstIndex(where: { $0.name == left }) { navigation.selection[.suites] = index }
        return true
    }

    /// Opens the folders that list a suite, with the suite selected: where `esc` from its keys comes back to.
    func showFolder(of suite: String) {
        navigation.folders = SuiteTree.folders(
            leadingTo: suite, in: data.suiteNames(), stores: data.machine?.words, titles: data.suiteFolderTitles())
        refresh()
        if let index = rows.suiteRows.firstIndex(where: { $0.name == suite }) { navigation.selection[.suites] = index }
    }
}

/// The keys' tree of the suite open.
extension EditorModel {
    /// The folder of the open suite's keys listed: `""` at the top.
    public var openKeyFolder: String { navigation.keyFolders.last ?? "" }

    /// Opens a folder of the suite's keys, at its first row.
    func enterKeyFolder(_ folder: String, inSuite suite: String) {
        navigation.keyFolders.append(folder)
        navigation.selection[.keys(suite: suite)] = 0
        refresh()
    }

    /// Goes back out of the keys' folder open, with the folder selected.
    ///
    /// - Returns: Whether a folder was open.
    func leaveKeyFolder(inSuite suite: String) -> Bool {
        guard let left = navigation.keyFolders.popLast() else { return false }
        refresh()
        if let index = rows.keyFolders.firstIndex(where: { $0.prefix == left }) {
            navigation.selection[.keys(suite: suite)] = rows.keyRows.count + index
        }
        return true
    }

    /// Opens the keys' folders that list a key, with the key selected.
    func showKey(_ key: String, inSuite suite: String) {
        let keys = data.keyList(suite: suite)?.keys ?? []
        navigation.keyFolders = keys.count > NameTree.flatLimit ? KeyTree.folders(leadingTo: key, in: keys) : []
        refresh()
        if let position = rows.keyRows.position(of: key) { navigation.selection[.keys(suite: suite)] = position }
    }
}

extension EditorModel {
    /// Whether the keys screen's selection is on a folder of the keys.
    var selectsKeyFolder: Bool {
        guard case .keys = screen else { return false }
        return selectedIndex >= rows.keyRows.count && !rows.keyFolders.isEmpty
    }
}

extension EditorModel {
    /// `q` below the suites: back one screen, out of every folder of the keys at once.
    func backOutOfScreen() {
        if case .keys = screen { navigation.keyFolders = [] }
        back()
    }
}
