public import PrefsCore
import PrefsGLib
import PrefsStoreKit

extension DconfDirectorySuite: TransactionalSuite {
    public var transactions: (any TransactionalSuite)? { self }
    public var changeHistory: (any PersistentKeyValueHistory)? { self }
    public var diagnostics: (any SuiteDiagnostics)? { self }
    public var liveSystemLayers: LiveSystemLayers? { layers }

    /// Writes several keys as one dconf change (``commit(_:expecting:)``).
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to reset it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``GSettingsStoreError``; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange] {
        try commit(changes, expecting: [:])
    }

    /// The keys a user set, sorted.
    public func sortedKeys() -> [String] {
        primitiveValues().keys.sorted()
    }

    /// What a system layer or lock of a dconf directory is called.
    static let systemSource = GSettingsSuite.systemSource

    /// The system databases' values of this suite's keys as one layer, and their locks; the caller holds
    /// ``GIOLock``.
    func readSystemLayers() -> SystemLayers {
        var values: [String: PropertyListValue] = [:]
        var locks = SuiteLocks()
        for key in keyNames() {
            if let value = client.systemValue(name + key) { values[key] = VariantConversion.value(of: value) }
            if !client.isWritable(name + key) { locks.lock(key, by: GSettingsSuite.lockSource) }
        }
        let layers = values.isEmpty ? [] : [SystemLayers.Layer(source: Self.systemSource, values: values)]
        return SystemLayers(layers: layers, locks: locks)
    }
}

extension DconfDirectorySuite: PersistentKeyValueHistory {
    /// The changes `prefs` and PrefsKit made, from the suite's journal, oldest first.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        store.journal.history(suite: SuiteLocation.journalName(of: name), key: key, limit: limit)
    }
}

extension DconfDirectorySuite: SuiteDiagnostics {
    public var locationDescription: String {
        "dconf path \(name) (no schema)" + (owner.map { "; keys of schema \($0.suite) are left to it" } ?? "")
    }

    /// Why the suite cannot be written: dconf's client needs the dconf service, which GSettings without a dconf
    /// backend shows is missing.
    public var suiteProblem: (any Error)? { store.backendProblem }
}

extension DconfDirectorySuite: NativeTextSuite {
    public var nativeText: (any NativeTextSuite)? { self }
    public var nativeSyntax: String { "gvariant" }

    /// The GVariant type the key is stored with, the user's value's else a system database's.
    public func nativeTypeName(forKey key: String) -> String? {
        GIOLock.run {
            guard isKeyName(key), !(owner?.keys.contains(key) ?? false) else { return nil }
            return (client.userValue(name + key) ?? client.systemValue(name + key)).map { "GVariant \($0.typeString)" }
        }
    }

    /// Writes GVariant text, with the type the text gives it (`uint32 5`), as `dconf write` does.
    @discardableResult
    public func writeNativeText(_ text: String, forKey key: String) throws -> [PersistentKeyValueChange] {
        try commit(inputs: [key: .text(text)], expecting: [:])
    }
}
