import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// Acts on one input event.
    ///
    /// What is open takes the event first: a question, the filter, the line editor, a picker. Otherwise it moves,
    /// opens or acts on the selection; mouse clicks are measured against the navigation's `viewSize`.
    ///
    /// - Parameter event: The event.
    public func handle(_ event: InputEvent) {
        if case .signal(let signal) = event { return handle(signal) }
        if modal.confirmation != nil { return answerConfirmation(event) }
        if filter.isEditing { return handleFilter(event) }
        if pages.help.isSearching, screen == .help { return handleHelpSearch(event) }
        if modal.editing != nil { return handleEditing(event) }
        if modal.picker != nil { return handlePicking(event) }
        let pending = modal.pendingRepeat
        modal.pendingRepeat = nil
        // What the last action said does not stay up during the next; an action that has something to say says it.
        if case .resize = event {} else { messages.show(nil) }
        if let command = EditorCommand.command(for: event, in: self) {
            return run(command, EditorCommand.Invocation(argument: "", byName: false, repeated: pending))
        }
        // A click names a place, not a command: the one input the table does not hold.
        if case .click(let x, let y) = event { click(x: x, y: y) }
    }

    /// Runs a command from its key or its name, after the refusals its ``EditorCommand/change`` calls for: a
    /// read-only editor says so at once, rather than after a question or on opening a line editor, and a key its
    /// store holds read-only (a lock) is named with the reason.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - invocation: How it was asked for.
    func run(_ command: EditorCommand, _ invocation: EditorCommand.Invocation) {
        if readOnly, command.change != .nothing {
            return say("read-only: nothing can be changed (started with --read-only)")
        }
        if command.change == .selectedKey, let suite = currentSuite, let key = selectedKey?.key,
            let reason = data.readOnlyReason(suite: suite, key: key)
        {
            return say("\(TextEscaping.escaped(key)) cannot be changed: \(reason)")
        }
        command.action(self, invocation)
    }

    /// How many list rows the screen shows: all rows but the title, the message line and the status bar.
    var visibleRows: Int { max(1, navigation.viewSize.height - 3) }

    var isKeysScreen: Bool {
        if case .keys = screen { return true }
        return false
    }

    var isDetailsScreen: Bool {
        if case .details = screen { return true }
        return false
    }

    var isList: Bool {
        switch screen {
        case .suites, .keys: true
        default: false
        }
    }

    /// Typing after `/`: characters narrow the list, Backspace widens it, Ctrl-U and Esc clear it, Enter keeps it.
    private func handleFilter(_ event: InputEvent) {
        switch event {
        case .character(let character):
            // A paste past the longest query is not searched a key at a time: what is beyond is dropped.
            guard filter.text.count < FilterQuery.maximumLength else {
                return say("the filter holds at most \(FilterQuery.maximumLength) characters")
            }
            editFilter { $0.append(character) }
        case .key(.backspace): editFilter { if !$0.isEmpty { $0.removeLast() } }
        case .control("u"): editFilter { $0 = "" }
        case .key(.enter): setEditingFilter(false)
        case .key(.escape):
            setEditingFilter(false)
            editFilter { $0 = "" }
        case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .wheel, .click:
            setEditingFilter(false)
            handle(event)
        default: break
        }
    }

    /// Typing after `/` on the help: characters narrow it, Backspace widens it, Ctrl-U clears it, Enter keeps it,
    /// Esc clears it.
    private func handleHelpSearch(_ event: InputEvent) {
        switch event {
        case .character(let character) where pages.help.query.count < FilterQuery.maximumLength:
            pages.help.query.append(character)
        case .key(.backspace): if !pages.help.query.isEmpty { pages.help.query.removeLast() }
        case .control("u"): pages.help.query = ""
        case .key(.enter): pages.help.isSearching = false
        case .key(.escape):
            pages.help.isSearching = false
            pages.help.query = ""
        default: return
        }
        navigation.selection[.help] = 0
    }

    /// A click on a row selects it, and a click on the selected row opens it; a click on the title goes back.
    private func click(x: Int, y: Int) {
        guard y != 0 else { return back() }
        let row = EditorView.firstVisibleRow(selected: selectedIndex, visible: visibleRows) + y - 1
        guard y < navigation.viewSize.height - 2, row < rowCount else { return }
        guard row == selectedIndex else { return select(row) }
        switch screen {
        case .suites, .keys: open()
        case .pending, .changeLog, .bookmarks: open()
        case .details, .help, .messages, .json: break
        }
    }
}
