import PrefsCore
import PrefsTools

/// `R`: resetting the marked keys, those listed, or every key of a suite; on the suites, deleting one.
extension EditorModel {
    /// `R` asks whether to reset every key of the suite shown, or, on the suites, to delete the suite selected.
    func askToResetSuite() {
        let name: String
        if let suite = currentSuite {
            name = suite
        } else if let row = selectedSuiteRow {
            return askToDeleteSuite(row.name)
        } else {
            return
        }
        // In a suite without a schema there is no default to go back to: the keys are deleted, and the question says so.
        let verb = data.schema(for: name) == nil ? "Delete" : "Reset"
        let outcome = data.schema(for: name) == nil ? "" : " to their defaults"
        let values = (try? data.suite(name).primitiveValues()) ?? [:]
        let marked = currentSuite == name ? sessionKeys.marks(in: name).filter { values[$0] != nil }.sorted() : []
        if !marked.isEmpty {
            let keys =
                marked.count == 1
                ? "the marked key \(TextEscaping.quoted(marked[0]))" : "the \(marked.count) marked keys"
            modal.confirmation = Confirmation(
                question: "\(verb) \(keys) of \(TextEscaping.quoted(name))\(outcome)? (y/n)",
                action: .resetKeys(suite: name, keys: marked))
            return
        }
        // A filter or a folder of the keys narrows the list: R resets what the list shows, as VS Code's "reset all
        // modified in view" does, and nothing it hides.
        if currentSuite == name, !filter.isEmpty || !navigation.keyFolders.isEmpty {
            let shown = (0..<rows.keyRows.count).compactMap { rows.keyRows.key(at: $0) }.filter { values[$0] != nil }
            guard !shown.isEmpty else { return say("no key listed here is stored: every one is at its default") }
            let keys = shown.count == 1 ? "the 1 stored key listed" : "the \(shown.count) stored keys listed"
            modal.confirmation = Confirmation(
                question: "\(verb) \(keys) of \(TextEscaping.quoted(name))\(outcome)? (y/n)",
                action: .resetKeys(suite: name, keys: shown))
            return
        }
        guard !values.isEmpty else {
            say("\(TextEscaping.quoted(name)) stores nothing: every key is at its default")
            return
        }
        let keys = values.count == 1 ? "the 1 stored key" : "all \(values.count) stored keys"
        modal.confirmation = Confirmation(
            question: "\(verb) \(keys) of \(TextEscaping.quoted(name))\(outcome)? (y/n)", action: .resetSuite(name))
    }
}
