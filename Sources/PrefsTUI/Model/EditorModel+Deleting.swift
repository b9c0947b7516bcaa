import PrefsCore
import PrefsTools

extension EditorModel {
    /// `R` on the suites asks whether to delete the suite selected, as `prefs delete SUITE` does: its keys and its
    /// file, which `u` brings back.
    ///
    /// - Parameter name: The suite.
    func askToDeleteSuite(_ name: String) {
        guard !readOnly else { return say("read-only: nothing was written") }
        let keys: Int
        let listed: Bool
        do {
            keys = try data.suite(name).primitiveValues().count
            listed = try data.store.listSuites().contains(name)
        } catch {
            return say("not deleted: \(error)")
        }
        let stored = rows.suiteRows.first { $0.name == name }.map { $0.storedKeys > 0 || $0.problem != nil } ?? false
        // A suite only a schema declares has nothing to delete; an empty file left behind has.
        guard keys > 0 || stored || listed else {
            return say("\(TextEscaping.quoted(name)) stores nothing: every key is at its default")
        }
        let count = keys == 1 ? "its 1 key" : "its \(keys) keys"
        let question =
            keys == 0
            ? "Delete the empty suite \(TextEscaping.quoted(name))? (y/n)"
            : "Delete suite \(TextEscaping.quoted(name)) and \(count) (its file too; u undoes)? (y/n)"
        modal.confirmation = Confirmation(question: question, action: .deleteSuite(name))
    }

    /// Deletes a suite through PrefsTools' `deleteSuite`, the action `prefs delete SUITE` calls, and says so.
    ///
    /// - Parameter name: The suite.
    func deleteSuite(_ name: String) {
        do {
            let keys = try SuiteEdit(suite: name, context: data.tools).deleteSuite(force: true, confirm: nil)
            sessionKeys.deletedSuite = name
            // Rare, and the suite leaves every list: everything is read again.
            reload()
            let count = keys.count == 1 ? "its 1 key" : "its \(keys.count) keys"
            say("deleted suite \(TextEscaping.quoted(name)) and \(count); u brings it back")
        } catch {
            say("not deleted: \(error)")
        }
    }
}
