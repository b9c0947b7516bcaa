public import PrefsCore
public import PrefsStoreKit
import SystemPackage

extension KConfigSuite: JournaledSuite {
    public var journal: SuiteJournal { store.journal }
    public var journalName: String { KConfigStore.journalName(name) }
    /// The keys the user's file sets, sorted, without typing their values.
    public func sortedKeys() -> [String] {
        current().user.keys.map(\.name).sorted()
    }
}

extension KConfigSuite: PersistentKeyValueHistory {
    /// The changes `prefs` and PrefsKit made, from the suite's journal, oldest first, ending at what the file holds:
    /// another program's changes are recorded as an unknown writer's when a watcher saw them, or else when the history
    /// is next read (`SuiteJournal.reconcile(suite:named:timeout:holding:)`).
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        let journalName = KConfigStore.journalName(name)
        store.journal.reconcile(suite: journalName, named: name, timeout: .seconds(2)) {
            try recordedValues(of: Self.read(name: name, store: store))
        }
        return store.journal.history(suite: journalName, key: key, limit: limit)
    }
}

extension KConfigSuite: SuiteDiagnostics {
    public var locationDescription: String { "KConfig file \(path.string)" }

    /// Why the suite cannot be used: its file cannot be read.
    ///
    /// Not its schema: asking would parse every suite's `.kcfg` for the editor's list of suites (196 ms over 150 of
    /// them); `prefs schema` and `describe` say why a schema cannot be read.
    public var suiteProblem: (any Error)? {
        do {
            _ = try KConfigDisk.read(path)
            return nil
        } catch {
            return error
        }
    }
}
