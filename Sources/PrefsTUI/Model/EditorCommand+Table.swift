extension EditorCommand {
    /// Every command, in the order completion offers them and the help lists their keys.
    static let all: [EditorCommand] = [
        EditorCommand(
            "add", group: .values, keys: [.character("a")], label: "a", "add a key to a suite without a schema",
            change: .store
        ) { model, _ in model.beginAddingKey() },
        EditorCommand(
            "apply", group: .history, keys: [.character("A")], label: "A", "apply the pending changes in one write",
            change: .store
        ) { model, invocation in model.applyPending(force: invocation.repeated == .applyPending) },
        EditorCommand(
            "bookmark", group: .finding, keys: [.character("b")], label: "b", "bookmark a key, kept across runs",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleBookmark() }
        ),
        EditorCommand("bookmarks", group: .finding, keys: [.character("B")], label: "B", "list the bookmarks") {
            model, _ in
            model.toggle(.bookmarks)
        },
        EditorCommand(
            "changed", group: .finding, keys: [.character("c")], label: "c",
            "list only the keys that are not at their default, or all",
            applies: { $0.isKeysScreen },
            action: { model, _ in model.toggleChangedOnly() }
        ),
        EditorCommand(
            "changes", group: .history, keys: [.character("w")], label: "w", "changes made by other processes"
        ) { model, _ in
            model.toggle(.changeLog)
        },
        EditorCommand(
            "delayed", group: .history, keys: [.character("P")], label: "P",
            "delayed mode: edits wait to be applied together",
            change: .store
        ) { model, _ in model.toggleDelayedMode() },
        EditorCommand(
            "delete", group: .values, keys: [.character("d")], label: "d d", "delete a key the schema does not declare",
            change: .selectedKey, applies: { $0.isKeysScreen },
            action: { model, invocation in model.deleteSelected(invocation) }
        ),
        EditorCommand(
            "dismiss", group: .history, keys: [.character("D")], label: "D", "dismiss the pending changes",
            change: .store
        ) {
            model, _ in model.dismissPending()
        },
        EditorCommand(
            "edit", group: .values, keys: [.key(.enter)], label: "enter", "edit the value (a picker for choices)",
            // On a folder of the keys, enter opens it instead.
            change: .selectedKey, applies: { ($0.isKeysScreen && !$0.selectsKeyFolder) || $0.isDetailsScreen },
            action: { model, _ in model.beginEditing() }
        ),
        EditorCommand(
            "editor", group: .values, keys: [.character("e")], label: "e",
            "edit the value in $VISUAL or $EDITOR (JSON for collections)",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.beginExternalEdit() }
        ),
        EditorCommand(
            "copy", group: .values, keys: [.character("y")], label: "y",
            "copy the value to the clipboard (OSC 52), as prefs read prints it", applies: { $0.selectedKey != nil },
            action: { model, _ in model.copySelectedValue() }
        ),
        EditorCommand(
            "copy-path", group: .values, keys: [.character("Y")], label: "Y",
            "copy where the key is, SUITE KEY, as o and prefs read take it", applies: { $0.selectedKey != nil },
            action: { model, _ in model.copySelectedPath() }
        ),
        EditorCommand("export", group: .suites, argument: "FILE", "write the suite to a new property list file") {
            model, invocation in
            model.export(to: invocation.argument)
        },
        EditorCommand(
            "filter", group: .finding, keys: [.character("/")], label: "/", argument: "TEXT",
            "search every suite from the suites; filter a suite's keys; search the help",
            applies: { $0.isList || $0.screen == .help },
            action: { model, invocation in model.filterCommand(invocation) }
        ),
        EditorCommand("help", group: .screens, keys: [.character("?")], label: "?", "every key and command") {
            model, _ in
            model.toggleHelp()
        },
        EditorCommand(
            "mark", group: .values, keys: [.character("m")], label: "m", "mark or unmark a key, for R",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleMark() }
        ),
        EditorCommand(
            "json", group: .suites, keys: [.character("J")], label: "J",
            "the suite whole as JSON, as prefs export --format json writes it (secrets left out)",
            applies: { $0.currentSuite != nil || $0.selectedSuiteName != nil },
            action: { model, _ in model.openJSON() }
        ),
        EditorCommand(
            "messages", group: .screens, keys: [.character("M")], label: "M", "every message said this session, whole"
        ) {
            model, _ in model.toggle(.messages)
        },
        EditorCommand(
            "new-suite", group: .suites, keys: [.character("n")], label: "n", "create a suite, from the suites",
            change: .store,
            applies: { $0.screen == .suites },
            action: { model, _ in model.beginAddingSuite() }
        ),
        EditorCommand(
            "open", group: .finding, keys: [.character("o")], label: "o", argument: "PATH",
            "go to a suite, a folder or SUITE KEY of any store (the path bar; Tab completes)"
        ) { model, invocation in
            if invocation.argument.isEmpty { model.beginPathBar() } else { model.openPath(invocation.argument) }
        },
        EditorCommand(
            "pending", group: .history, keys: [.character("p")], label: "p",
            "the pending changes, against what is stored"
        ) {
            model, _ in model.toggle(.pending)
        },
        EditorCommand("quit", group: .screens, keys: [.character("q")], label: "q", "go back; quit from the suites") {
            model, invocation in
            // Screen by screen, whatever folder is open: esc steps out of folders one at a time.
            if invocation.byName || model.navigation.stack.count <= 1 { model.quit() } else { model.backOutOfScreen() }
        },
        EditorCommand(
            "record", group: .history, argument: "FILE",
            "save this session's changes (on the change log, those listed) as a script prefs apply replays"
        ) { model, invocation in model.recordScript(to: invocation.argument) },
        EditorCommand(
            "recover", group: .suites, keys: [.character("x")], label: "x",
            "recover an unreadable suite: its file is moved aside",
            change: .store
        ) { model, _ in model.askToRecoverSuite() },
        EditorCommand(
            "redo", group: .history, keys: [.control("r")], label: "ctrl-r",
            "redo the suite's newest undo, as prefs redo",
            change: .store
        ) { model, invocation in model.redo(force: invocation.repeated == .redo) },
        EditorCommand(
            "reload", group: .screens, keys: [.control("l")], label: "ctrl-l",
            "read everything again and redraw the screen"
        ) { model, _ in model.modal.effects.append(.reload) },
        EditorCommand(
            "rename", group: .values, argument: "NEW", "rename the key, keeping its value", change: .selectedKey
        ) {
            model, invocation in model.rename(to: invocation.argument)
        },
        EditorCommand(
            "reset", group: .values, keys: [.character("r")], label: "r", "reset the key to its default",
            change: .selectedKey,
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.resetSelectedKey() }
        ),
        EditorCommand(
            "reset-all", group: .values, keys: [.character("R")], label: "R",
            "reset the marked keys, else those listed (a filter, a folder), else every key; on the suites, delete the suite",
            change: .store
        ) { model, _ in model.askToResetSuite() },
        EditorCommand(
            "reveal", group: .values, keys: [.character("v")], label: "v",
            "reveal or hide a secret key's value (shown as ••••)",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleReveal() }
        ),
        EditorCommand(
            "save-changes", group: .history, keys: [.character("s")], label: "s",
            "on the change log: save the changes listed as a script in the current folder",
            applies: { $0.screen == .changeLog },
            action: { model, _ in model.recordScript(to: nil) }
        ),
        EditorCommand(
            "step-down", group: .values, keys: [.character("-")], label: "-",
            "step a number down, by a step its range suits",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.stepSelectedNumber(by: -1) }
        ),
        EditorCommand(
            "step-up", group: .values, keys: [.character("+")], label: "+",
            "step a number up, by a step its range suits",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.stepSelectedNumber(by: 1) }
        ),
        EditorCommand(
            "toggle", group: .values, keys: [.character(" ")], label: "space", "toggle a Boolean key",
            change: .selectedKey,
            applies: { $0.selectedKey != nil || $0.isKeysScreen },
            action: { model, _ in model.toggleSelectedBool() }
        ),
        EditorCommand(
            "undo", group: .history, keys: [.character("u")], label: "u",
            "undo the suite's newest write, as prefs undo", change: .store
        ) { model, invocation in model.undo(force: invocation.repeated == .undo) },
        // Moving, opening and going back: last, so that a key another command takes where it applies (enter edits a
        // value) goes to that command there.
        EditorCommand("up", group: .moving, keys: [.key(.up), .character("k"), .wheel(-1)], label: "up, k", "move up") {
            model, _ in model.select(model.selectedIndex - 1)
        },
        EditorCommand(
            "down", group: .moving, keys: [.key(.down), .character("j"), .wheel(1)], label: "down, j", "move down"
        ) { model, _ in model.select(model.selectedIndex + 1) },
        EditorCommand("page-up", group: .moving, keys: [.key(.pageUp)], label: "PgUp", "move a page up") { model, _ in
            model.select(model.selectedIndex - model.visibleRows)
        },
        EditorCommand("page-down", group: .moving, keys: [.key(.pageDown)], label: "PgDn", "move a page down") {
            model, _ in model.select(model.selectedIndex + model.visibleRows)
        },
        EditorCommand("first", group: .moving, keys: [.key(.home), .character("g")], label: "g, Home", "first row") {
            model, _ in model.select(0)
        },
        EditorCommand("last", group: .moving, keys: [.key(.end), .character("G")], label: "G, End", "last row") {
            model, _ in model.select(model.rowCount - 1)
        },
        EditorCommand(
            "enter", group: .moving, keys: [.key(.enter), .key(.right), .character("l")], label: "enter, right, l",
            "open a folder, a suite, or a key's details (beside the keys on wide terminals)"
        ) { model, _ in model.open() },
        EditorCommand(
            "back", group: .moving, keys: [.key(.escape), .key(.left), .character("h")], label: "esc, left, h",
            "go back: out of a folder, a suite's keys, a screen"
        ) { model, _ in model.back() },
        EditorCommand(
            "command", group: .moving, keys: [.character(":")], label: ":",
            "a command by name, with Tab completion (:rename NEW, :export FILE…)"
        ) { model, _ in model.beginCommand() },
    ]
}
