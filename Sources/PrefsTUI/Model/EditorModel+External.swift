import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// `e` on a key: hands its value to `$VISUAL` or `$EDITOR`, as pretty-printed JSON for arrays and dictionaries.
    ///
    /// The editor's loop runs the program (``Editor``) and calls ``finishExternalEdit(_:result:)``. After a refusal the
    /// text typed is kept, so that the next `e` opens it again rather than the stored value.
    func beginExternalEdit() {
        guard !readOnly else { return say("read-only: nothing can be edited") }
        guard let suite = currentSuite, let row = selectedKey else { return }
        let storage = row.entry?.storage ?? row.stored?.kind
        let isJSON: Bool
        switch storage {
        case .array, .dictionary: isJSON = true
        default: isJSON = false
        }
        // A hidden secret is never written to the temporary file another program opens: its text starts empty.
        let hidden = hidesValue(suite: suite, key: row.key)
        let current =
            hidden
            ? ""
            : row.effective.map { value in
                isJSON ? value.jsonText(pretty: true) : row.entry?.render(value) ?? value.text
            } ?? ""
        let text = modal.externalDrafts[SuiteKey(suite: suite, key: row.key)] ?? current
        modal.effects.append(
            .editExternally(
                ExternalEdit(suite: suite, key: row.key, text: text, isJSON: isJSON, original: row.stored)))
    }

    /// Takes back what the external editor left: checks it through the key's schema or type and writes it, or says
    /// why not and keeps the text for the next `e`.
    ///
    /// - Parameters:
    ///   - edit: The edit handed out.
    ///   - result: The text the editor saved, or why there is none (it failed, or was quit without saving).
    public func finishExternalEdit(_ edit: ExternalEdit, result: Result<String, ExternalEditorError>) {
        let draftKey = SuiteKey(suite: edit.suite, key: edit.key)
        refresh()
        let text: String
        switch result {
        case .failure(let error): return say("not written: \(error)")
        case .success(let saved): text = saved.hasSuffix("\n") ? String(saved.dropLast()) : saved
        }
        // A file back as it went out (`:q!` in vim) cancels the edit; a refused text handed out again is dropped
        // with it, so the next `e` starts from the stored value.
        if text == edit.text.trimmingNewlines() {
            let dropped = modal.externalDrafts.removeValue(forKey: draftKey) != nil
            return say(
                "\(TextEscaping.escaped(edit.key)) unchanged; nothing was written"
                    + (dropped ? ", and your refused text is dropped" : ""))
        }
        let row = rows.keyRows.row(for: edit.key)
        let value: PropertyListValue
        do {
            value = try parse(text, key: edit.key, in: edit.suite, for: row, as: nil)
        } catch {
            modal.externalDrafts[draftKey] = text
            return say("not written: \(error); e edits your text again")
        }
        if row?.stored != edit.original { return sayConflict(edit, keeping: text) }
        // Checked again under the suite's lock: the change may not have reached this process yet.
        let done = writtenMessage(key: edit.key, in: edit.suite, value)
        requestKeyWrite(
            edit.key, in: edit.suite, value, over: edit.original, done: done, then: .externalEdit(edit, text: text))
    }

    /// Keeps the text typed for another `e`, and says what another process changed the key to meanwhile.
    func sayConflict(_ edit: ExternalEdit, keeping text: String) {
        modal.externalDrafts[SuiteKey(suite: edit.suite, key: edit.key)] = text
        say(
            changedMeanwhile(edit.key, in: edit.suite, now: rows.keyRows.row(for: edit.key)?.stored)
                + "; e edits your text again")
    }
}
