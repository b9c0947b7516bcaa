import PrefsCore
import PrefsTools

/// The path bar, as dconf-editor's: `o` (or `:open PATH`) opens a line holding where the editor is, which Tab
/// completes over every suite and folder of every store, and then over the suite's keys; Enter goes there.
extension EditorModel {
    /// `o`: the path bar, holding where the editor is, to edit into where to go.
    func beginPathBar() {
        modal.editing = EditSession(
            suite: currentSuite ?? "", key: "", original: nil, line: LineEditor(currentPath), purpose: .path)
        say("a suite, a folder, or SUITE KEY; Tab completes")
    }

    /// Where the editor is, as the path bar takes it: the suite and key open, else the folder listed.
    var currentPath: String {
        switch screen {
        case .details(let suite, let key): return suite + " " + key
        case .keys(let suite): return suite + (selectedKey.map { " " + $0.key } ?? "")
        default: return openFolder
        }
    }

    /// `:open PATH`: goes to a suite, a folder of the tree, or a suite's key (`SUITE KEY`); a name close to one
    /// that exists is offered.
    func openPath(_ path: String) {
        guard !path.isEmpty else { return say("open takes a suite, a folder or SUITE KEY; o fills in where you are") }
        let names = data.suiteNames()
        let known = Set(names)
        if known.contains(path) { return go(to: path, key: nil) }
        if let space = path.lastIndex(of: " ") {
            let suite = String(path[..<space])
            let key = String(path[path.index(after: space)...])
            if known.contains(suite) { return go(to: suite, key: key.isEmpty ? nil : key) }
        }
        if let folder = folderOpening(path) { return openFolderPath(folder) }
        let near = NearestNames.question(for: path, among: names).map { " \($0)" } ?? ""
        say("no suite or folder \(TextEscaping.quoted(path)).\(near)")
    }

    /// The folder of the tree a path names, with or without its last separator (`gsettings:org.gnome.` or
    /// `gsettings:org.gnome`), or `nil` when the tree has no such folder.
    private func folderOpening(_ path: String) -> String? {
        let names = data.suiteNames()
        let stores = data.machine?.words
        let titles = data.suiteFolderTitles()
        let chain = SuiteTree.folders(leadingTo: path, in: names, stores: stores, titles: titles)
        let level = SuiteTree.level(
            names, under: chain.last ?? "", stores: stores, titles: titles, row: data.suiteRow)
        return level.first { $0.isFolder && ($0.name == path || $0.name.dropLast() == path) }?.name
    }

    /// Lists a folder, with the folders that lead to it to go back through.
    private func openFolderPath(_ folder: String) {
        navigation.stack = [.suites]
        filter.text = ""
        navigation.folders =
            SuiteTree.folders(
                leadingTo: folder, in: data.suiteNames(), stores: data.machine?.words, titles: data.suiteFolderTitles()
            )
            .filter { $0 != folder } + [folder]
        navigation.selection[.suites] = 0
        refresh()
    }

    /// Tab on the path bar: the suite, folder or key typed completed as far as one answer goes; the others are
    /// listed.
    func completePath(_ session: inout EditSession, typed: String) {
        let prefix = session.purpose == .command ? "open " : ""
        let names = data.suiteNames()
        var candidates: [String]
        if let space = typed.lastIndex(of: " "), names.contains(String(typed[..<space])) {
            let suite = String(typed[..<space])
            let keys = data.keyList(suite: suite).map { list in list.keys } ?? []
            candidates = keys.map { suite + " " + $0 }
        } else {
            candidates = names
        }
        candidates = candidates.filter { $0.hasPrefix(typed) }
        guard let first = candidates.first else { return say("nothing starts with \(TextEscaping.quoted(typed))") }
        var common = first
        for candidate in candidates.dropFirst() { common = String(zip(common, candidate).prefix { $0 == $1 }.map(\.0)) }
        session.line = LineEditor(prefix + common)
        guard candidates.count > 1 else { return say(TextEscaping.escaped(first)) }
        // What tells the matches apart: each past the part they share.
        let rests = candidates.prefix(8).map { "…" + TextEscaping.escaped(String($0.dropFirst(common.count))) }
        say("\(candidates.count) matches: " + rests.joined(separator: "  ") + (candidates.count > 8 ? "  …" : ""))
    }
}
