import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// Keys while a picker is open: moves, a letter jumps to the next item starting with it, Enter or Space chooses,
    /// Esc (or `q`, `h`, ←) closes it without writing.
    func handlePicking(_ event: InputEvent) {
        guard var open = modal.picker else { return }
        switch event {
        case .key(.up), .character("k"), .wheel(-1): open.select(open.selected - 1)
        case .key(.down), .character("j"), .wheel(1): open.select(open.selected + 1)
        case .key(.home), .key(.pageUp), .character("g"): open.select(0)
        case .key(.end), .key(.pageDown), .character("G"): open.select(open.labels.count - 1)
        case .key(.enter), .character(" "), .key(.right):
            return choose(open)
        case .key(.escape), .key(.left), .character("q"), .character("h"):
            modal.picker = nil
            return say(Self.isNewKey(open) ? "no key was added" : "not written: nothing was chosen")
        case .click(let x, let y):
            let frame = PickerBox.frame(for: open, of: self, in: navigation.viewSize)
            guard let item = frame.item(atX: x, y: y, first: PickerBox.firstItem(of: open, frame: frame)) else {
                modal.picker = nil
                return say("not written: nothing was chosen")
            }
            open.select(item)
            return choose(open)
        case .character(let character): open.jump(to: character)
        default: break
        }
        modal.picker = open
    }

    /// The row on screen of the selected key, which a picker opens under.
    var selectedRowY: Int {
        1 + selectedIndex - EditorView.firstVisibleRow(selected: selectedIndex, visible: visibleRows)
    }

    private func choose(_ open: ChoicePicker) {
        switch open.purpose {
        case .value(let suite, let key, let values):
            if let changed = open.changedUnderneath, !open.warned {
                var warned = open
                warned.warned = true
                modal.picker = warned
                return say(changedUnderneathWarning(key: key, in: suite, now: changed))
            }
            modal.picker = nil
            let value = values[open.selected]
            let expected = open.changedUnderneath ?? open.original
            let done = writtenMessage(key: key, in: suite, value)
            requestKeyWrite(
                key, in: suite, value, over: expected, done: done, then: .picker(open, key: key, expected: expected))
        case .newKeyType(let suite, let key, let kinds):
            modal.picker = nil
            askValueOfNewKey(suite: suite, key: key, kind: kinds[open.selected])
        }
    }

    private static func isNewKey(_ picker: ChoicePicker) -> Bool {
        if case .newKeyType = picker.purpose { return true }
        return false
    }
}
