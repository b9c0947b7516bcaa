import PrefsCore
import PrefsTools

/// Moving between screens and rows, opening what is selected, and going back.
extension EditorModel {
    func select(_ index: Int) {
        navigation.selection[screen] = max(0, min(index, rowCount - 1))
    }

    func open() {
        switch screen {
        case .suites:
            let match = selectedIndex - rows.suiteRows.count
            guard rows.suiteRows.indices.contains(selectedIndex) || rows.searchMatches.indices.contains(match) else {
                return
            }
            let found = match < 0 ? nil : rows.searchMatches[match]
            if found == nil, rows.suiteRows[selectedIndex].isFolder {
                return enterFolder(rows.suiteRows[selectedIndex].name)
            }
            let suite = found?.suite ?? rows.suiteRows[selectedIndex].name
            // The filter found the suite; its keys start unfiltered, and the filter comes back with the suites.
            filter.openSuite()
            navigation.keyFolders = []
            navigation.stack.append(.keys(suite: suite))
            refresh()
            if let found { showKey(found.key, inSuite: suite) }
        case .keys(let suite):
            if selectedIndex >= rows.keyRows.count, rows.keyFolders.indices.contains(selectedIndex - rows.keyRows.count)
            {
                return enterKeyFolder(rows.keyFolders[selectedIndex - rows.keyRows.count].prefix, inSuite: suite)
            }
            guard let row = selectedKey else { return }
            navigation.stack.append(.details(suite: suite, key: row.key))
        case .pending:
            // A pending change opens at its key.
            guard pending.changes.indices.contains(selectedIndex) else { return }
            go(to: pending.changes[selectedIndex].suite, key: pending.changes[selectedIndex].key)
        case .bookmarks:
            guard navigation.bookmarks.entries.indices.contains(selectedIndex) else { return }
            go(
                to: navigation.bookmarks.entries[selectedIndex].suite,
                key: navigation.bookmarks.entries[selectedIndex].key)
        case .changeLog:
            // A change opens at its key, in its suite.
            let changes = Array(live.changeLog.reversed())
            guard changes.indices.contains(selectedIndex), let suite = changes[selectedIndex].change.suite else {
                return
            }
            go(to: suite, key: changes[selectedIndex].change.key)
        case .details, .help, .messages, .json:
            return
        }
        messages.show(nil)
    }

    /// Opens a suite's keys with one key selected, from a list of keys found elsewhere.
    func go(to suite: String, key: String?) {
        navigation.stack = [.suites]
        filter.text = ""
        showFolder(of: suite)
        navigation.keyFolders = []
        navigation.stack.append(.keys(suite: suite))
        refresh()
        if let key { showKey(key, inSuite: suite) }
    }

    /// Opens a screen over the current one, or closes it when it is already shown.
    func toggle(_ overlay: EditorScreen) {
        if screen == overlay {
            back()
        } else {
            navigation.stack.append(overlay)
        }
    }

    func back() {
        if case .keys(let suite) = screen, filter.isEmpty, leaveKeyFolder(inSuite: suite) {
            messages.show(nil)
            return
        }
        if navigation.stack.count == 1, screen == .suites, filter.isEmpty, leaveFolder() {
            messages.show(nil)
            return
        }
        if navigation.stack.count > 1 { navigation.stack.removeLast() }
        messages.show(nil)
        // A filter belongs to the list it was typed in; the suites' comes back with them.
        if screen == .suites, filter.returnToSuites() {
            refresh()
        } else if !filter.isEmpty {
            editFilter { $0 = "" }
        }
    }

    func editFilter(_ edit: (inout String) -> Void) {
        edit(&filter.text)
        navigation.selection[screen] = 0
        refresh()
    }

    func setEditingFilter(_ editing: Bool) {
        filter.isEditing = editing
        // The table is built when `/` is pressed, so that the first character typed costs only a search.
        if editing, let suite = currentSuite { data.keyList(suite: suite)?.table.prepareForSearch() }
    }

    func quit() {
        guard pending.isEmpty else {
            modal.confirmation = Confirmation(
                question: "Apply the \(pending.count) pending change\(pending.count == 1 ? "" : "s") "
                    + "before quitting? (y apply, n discard, esc stay)",
                action: .quitWithPending)
            return
        }
        ending.isFinished = true
    }

    func say(_ text: String) {
        messages.show(text)
    }
}

extension EditorModel {
    /// `?`: the help, with the keys that work where it was opened first; `?` again closes it.
    func toggleHelp() {
        guard screen != .help else { return back() }
        pages.help = HelpIndex(
            applying: EditorCommand.all.filter { $0.applies(self) }.map(\.name), place: placeName, query: "",
            isSearching: false)
        navigation.stack.append(.help)
    }

    /// Where the editor is, for the help's first heading.
    private var placeName: String {
        switch screen {
        case .suites: openFolder.isEmpty ? "on the suites" : "in a folder of suites"
        case .keys: "on a suite's keys"
        case .details: "on a key's details"
        case .changeLog: "on the change log"
        case .pending: "on the pending changes"
        case .bookmarks: "on the bookmarks"
        case .messages: "on the messages"
        case .help: "on the help"
        case .json: "on a suite's JSON"
        }
    }
}

extension EditorModel {
    /// Says something before the first frame, as a program embedding the editor may (the demo's line for another
    /// shell); the message log keeps it.
    ///
    /// - Parameter text: One line, printable.
    public func greet(_ text: String) {
        say(TextEscaping.escaped(text, escapingBackslashes: false))
    }
}

extension EditorModel {
    /// Reads one more suite for the search over every suite, while no key waits: the loop calls it until it says
    /// none remain, so that the first keystroke of `/` costs what the others do (33 ms over a desktop's every store
    /// before, a millisecond after), and a key typed meanwhile waits one suite at most.
    ///
    /// - Returns: Whether suites remain to be read.
    public func prepareSearchStep() -> Bool {
        data.prepareSearchStep()
    }
}
