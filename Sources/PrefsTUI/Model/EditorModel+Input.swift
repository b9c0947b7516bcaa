import Foundation
import PrefsKit

extension EditorModel {
    /// Acts on one input event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - pageSize: How many rows one page holds, for PgUp and PgDn.
    public func handle(_ event: InputEvent, pageSize: Int = 10) {
        if isEditingFilter {
            handleFilter(event)
            return
        }
        if editing != nil {
            handleEditing(event)
            return
        }
        let pending = pendingDeletion
        pendingDeletion = nil
        switch event {
        case .key(.up), .character("k"), .wheel(-1): select(selectedIndex - 1)
        case .key(.down), .character("j"), .wheel(1): select(selectedIndex + 1)
        case .key(.pageUp): select(selectedIndex - max(1, pageSize))
        case .key(.pageDown): select(selectedIndex + max(1, pageSize))
        case .key(.home), .character("g"): select(0)
        case .key(.end), .character("G"): select(rowCount - 1)
        case .key(.enter) where isKeysScreen: beginEditing()
        case .key(.enter), .key(.right), .character("l"): open()
        case .key(.escape), .key(.left), .character("h"): back()
        case .character("q"): if stack.count > 1 { back() } else { quit() }
        case .character(" "): toggleSelectedBool()
        case .character("r"): resetSelectedKey()
        case .character("d") where isKeysScreen: deleteSelectedKey(confirming: pending)
        case .control("l"): reload()
        case .character("/") where isList:
            setEditingFilter(true)
        case .character("?"): toggle(.help)
        case .character("w"): toggle(.changeLog)
        default: break
        }
    }

    private var isKeysScreen: Bool {
        if case .keys = screen { return true }
        return false
    }

    private var isList: Bool {
        switch screen {
        case .suites, .keys: true
        default: false
        }
    }

    /// Typing after `/`: characters narrow the list, Backspace widens it, Enter keeps it, Esc clears it.
    private func handleFilter(_ event: InputEvent) {
        switch event {
        case .character(let character): editFilter { $0.append(character) }
        case .key(.backspace): editFilter { if !$0.isEmpty { $0.removeLast() } }
        case .key(.enter): setEditingFilter(false)
        case .key(.escape):
            setEditingFilter(false)
            editFilter { $0 = "" }
        case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown):
            setEditingFilter(false)
            handle(event)
        default: break
        }
    }

    /// Space on a Boolean key writes its opposite.
    private func toggleSelectedBool() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        guard row.kind == "bool", case .bool(let value)? = row.effective else {
            say("space toggles Boolean keys; \(TextEscaping.quoted(row.key)) is \(row.kind)")
            return
        }
        write(suite: suite, changes: [row.key: .bool(!value)], done: "\(row.key) = \(!value)")
    }

    /// `r` removes the stored value, so that the key reads as its default.
    private func resetSelectedKey() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        guard row.stored != nil else {
            say("\(TextEscaping.quoted(row.key)) is already at its default")
            return
        }
        write(suite: suite, changes: [row.key: nil], done: "\(row.key) reset to its default")
    }

    /// `d` deletes a key the schema does not declare, once a second `d` confirms it; a declared key can only be reset.
    private func deleteSelectedKey(confirming pending: (suite: String, key: String)?) {
        guard let suite = currentSuite, let row = selectedKey else { return }
        let name = TextEscaping.quoted(row.key)
        if row.entry != nil {
            say("\(name) is declared in the schema: r resets it to its default")
        } else if row.stored == nil {
            say("\(name) has no stored value to delete")
        } else if let pending, pending.suite == suite, pending.key == row.key {
            write(suite: suite, changes: [row.key: nil], done: "deleted \(row.key)")
        } else {
            pendingDeletion = (suite, row.key)
            say("press d again to delete \(name)")
        }
    }

    func write(suite name: String, changes: [String: PropertyListValue?], done: String) {
        guard !readOnly else {
            say("read-only: nothing was written")
            return
        }
        do {
            try data.suite(name).commit(changes)
            say(TextEscaping.escaped(done))
        } catch {
            say("not written: \(error)")
        }
        reload()
    }
}
