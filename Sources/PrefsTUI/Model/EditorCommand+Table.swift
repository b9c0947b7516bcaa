extension EditorCommand {
    /// Every command, in the order completion offers them and the help lists their keys.
    static let all: [EditorCommand] = [
        EditorCommand(
            "add", keys: [.character("a")], label: "a", "add a key to a suite without a schema", change: .store
        ) { model, _ in model.beginAddingKey() },
        EditorCommand(
            "apply", keys: [.character("A")], label: "A", "apply the pending changes in one write", change: .store
        ) { model, invocation in model.applyPending(force: invocation.repeated == .applyPending) },
        EditorCommand(
            "bookmark", keys: [.character("b")], label: "b", "bookmark a key, kept across runs",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleBookmark() }
        ),
        EditorCommand("bookmarks", keys: [.character("B")], label: "B", "list the bookmarks") { model, _ in
            model.toggle(.bookmarks)
        },
        EditorCommand(
            "changed", keys: [.character("c")], label: "c", "list only the keys that are not at their default, or all",
            applies: { $0.isKeysScreen },
            action: { model, _ in model.toggleChangedOnly() }
        ),
        EditorCommand("changes", keys: [.character("w")], label: "w", "changes made by other processes") { model, _ in
            model.toggle(.changeLog)
        },
        EditorCommand(
            "delayed", keys: [.character("P")], label: "P", "delayed mode: edits wait to be applied together",
            change: .store
        ) { model, _ in model.toggleDelayedMode() },
        EditorCommand(
            "delete", keys: [.character("d")], label: "d d", "delete a key the schema does not declare",
            change: .selectedKey, applies: { $0.isKeysScreen },
            action: { model, invocation in model.deleteSelected(invocation) }
        ),
        EditorCommand("dismiss", keys: [.character("D")], label: "D", "dismiss the pending changes", change: .store) {
            model, _ in model.dismissPending()
        },
        EditorCommand(
            "edit", keys: [.key(.enter)], label: "enter", "edit the value (a picker for choices)",
            // On a folder of the keys, enter opens it instead.
            change: .selectedKey, applies: { ($0.isKeysScreen && !$0.selectsKeyFolder) || $0.isDetailsScreen },
            action: { model, _ in model.beginEditing() }
        ),
        EditorCommand(
            "editor", keys: [.character("e")], label: "e",
            "edit the value in $VISUAL or $EDITOR (JSON for collections)",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.beginExternalEdit() }
        ),
        EditorCommand("export", argument: "FILE", "write the suite to a new property list file") { model, invocation in
            model.export(to: invocation.argument)
        },
        EditorCommand(
            "filter", keys: [.character("/")], label: "/", argument: "TEXT",
            "search every suite from the suites; filter a suite's keys", applies: { $0.isList },
            action: { model, invocation in model.filterCommand(invocation) }
        ),
        EditorCommand("help", keys: [.character("?")], label: "?", "every key and command") { model, _ in
            model.toggle(.help)
        },
        EditorCommand(
            "mark", keys: [.character("m")], label: "m", "mark or unmark a key, for R",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleMark() }
        ),
        EditorCommand("messages", keys: [.character("M")], label: "M", "every message said this session, whole") {
            model, _ in model.toggle(.messages)
        },
        EditorCommand(
            "new-suite", keys: [.character("n")], label: "n", "create a suite, from the suites", change: .store,
            applies: { $0.screen == .suites },
            action: { model, _ in model.beginAddingSuite() }
        ),
        EditorCommand(
            "open", keys: [.character("o")], label: "o", argument: "PATH",
            "go to a suite, a folder or SUITE KEY of any store (the path bar; Tab completes)"
        ) { model, invocation in
            if invocation.argument.isEmpty { model.beginPathBar() } else { model.openPath(invocation.argument) }
        },
        EditorCommand("pending", keys: [.character("p")], label: "p", "the pending changes, against what is stored") {
            model, _ in model.toggle(.pending)
        },
        EditorCommand("quit", keys: [.character("q")], label: "q", "go back; quit from the suites") {
            model, invocation in
            // Screen by screen, whatever folder is open: esc steps out of folders one at a time.
            if invocation.byName || model.stack.count <= 1 { model.quit() } else { model.backOutOfScreen() }
        },
        EditorCommand(
            "record", argument: "FILE",
            "save this session's changes (on the change log, those listed) as a script prefs apply replays"
        ) { model, invocation in model.recordScript(to: invocation.argument) },
        EditorCommand(
            "recover", keys: [.character("x")], label: "x", "recover an unreadable suite: its file is moved aside",
            change: .store
        ) { model, _ in model.askToRecoverSuite() },
        EditorCommand(
            "redo", keys: [.control("r")], label: "ctrl-r", "redo the suite's newest undo, as prefs redo",
            change: .store
        ) { model, invocation in model.redo(force: invocation.repeated == .redo) },
        EditorCommand(
            "reload", keys: [.control("l")], label: "ctrl-l", "read everything again and redraw the screen"
        ) { model, _ in model.reload() },
        EditorCommand("rename", argument: "NEW", "rename the key, keeping its value", change: .selectedKey) {
            model, invocation in model.rename(to: invocation.argument)
        },
        EditorCommand(
            "reset", keys: [.character("r")], label: "r", "reset the key to its default", change: .selectedKey,
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.resetSelectedKey() }
        ),
        EditorCommand(
            "reset-all", keys: [.character("R")], label: "R",
            "reset the marked keys, else every key of the suite; on the suites, delete the suite; after a y",
            change: .store
        ) { model, _ in model.askToResetSuite() },
        EditorCommand(
            "reveal", keys: [.character("v")], label: "v", "reveal or hide a secret key's value (shown as ••••)",
            applies: { $0.selectedKey != nil },
            action: { model, _ in model.toggleReveal() }
        ),
        EditorCommand(
            "save-changes", keys: [.character("s")], label: "s",
            "on the change log: save the changes listed as a script in the current folder",
            applies: { $0.screen == .changeLog },
            action: { model, _ in model.recordScript(to: nil) }
        ),
        EditorCommand(
            "step-down", keys: [.character("-")], label: "-", "step a number down, by a step its range suits",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.stepSelectedNumber(by: -1) }
        ),
        EditorCommand(
            "step-up", keys: [.character("+")], label: "+", "step a number up, by a step its range suits",
            change: .selectedKey, applies: { $0.selectedKey != nil },
            action: { model, _ in model.stepSelectedNumber(by: 1) }
        ),
        EditorCommand(
            "toggle", keys: [.character(" ")], label: "space", "toggle a Boolean key", change: .selectedKey,
            applies: { $0.selectedKey != nil || $0.isKeysScreen },
            action: { model, _ in model.toggleSelectedBool() }
        ),
        EditorCommand(
            "undo", keys: [.character("u")], label: "u", "undo the suite's newest write, as prefs undo", change: .store
        ) { model, invocation in model.undo(force: invocation.repeated == .undo) },
    ]
}
