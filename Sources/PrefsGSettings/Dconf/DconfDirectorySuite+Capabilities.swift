public import PrefsCore
import PrefsGLib
public import PrefsStoreKit

extension DconfDirectorySuite: JournaledSuite {
    public var journal: SuiteJournal { store.journal }
    public var journalName: String { SuiteLocation.journalName(of: name) }
    public var liveSystemLayers: LiveSystemLayers? { layers }

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

extension DconfDirectorySuite: SuiteDiagnostics {
    public var locationDescription: String {
        "dconf path \(name) (no schema)" + (owner.map { "; keys of schema \($0.suite) are left to it" } ?? "")
    }

    /// Why the suite cannot be written: dconf's client needs the dconf service, which GSettings without a dconf
    /// backend shows is missing.
    public var suiteProblem: (any Error)? { store.backendProblem }
}

extension DconfDirectorySuite: NativeTextSuite {
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
