import PrefsCore
import PrefsGLib

/// The catalog read through GIO and libdconf: the answer once either is loaded, and wherever the files cannot be
/// read here (``GSettingsFiles``).
struct GIOCatalog: SettingsCatalog {
    let store: GSettingsStore
    /// dconf's client, or `nil` when libdconf cannot be loaded: then no directory is listed.
    let dconf: DconfClient?

    /// The catalog of a store, GIO loaded.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded.
    init(store: GSettingsStore) throws(GSettingsStoreError) {
        try GIOLibrary.load()
        self.store = store
        // Only libdconf's absence is expected here, GIO being loaded: the directories are then left out.
        dconf = try? store.dconf()
    }

    func schemaIDs() -> (fixed: [String], relocatable: [String]) {
        GIOLock.run { store.currentSchemaSource()?.schemaIDs ?? (fixed: [], relocatable: []) }
    }

    func path(ofSchema id: String) -> String? {
        GIOLock.run { store.currentSchemaSource()?.lookup(id)?.path }
    }

    func keyNames(ofSchema id: String) -> [String]? {
        GIOLock.run { store.currentSchemaSource()?.lookup(id)?.keyNames }
    }

    func holdsUserValue(suite name: String) -> Bool {
        // A suite GIO cannot open holds nothing a listing could show.
        guard let settings = try? store.settings(name) else { return false }
        return GIOLock.run { settings.schema.keyNames.contains { settings.userValue($0) != nil } }
    }

    func strings(ofSchema id: String, key: String) -> [String] {
        let installed = GIOLock.run { store.currentSchemaSource()?.lookup(id)?.hasKey(key) ?? false }
        // An installed schema at its own path always opens; one that does not lists nothing.
        guard installed, let settings = try? store.settings(id) else { return [] }
        let value = GIOLock.run { VariantConversion.value(of: settings.value(key)) }
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap {
            if case .string(let text) = $0 { return text }
            return nil
        }
    }

    func list(_ directory: String) -> [String] {
        guard let dconf else { return [] }
        return GIOLock.run { dconf.list(directory) }
    }

    func userHolds(_ key: String) -> Bool {
        guard let dconf else { return false }
        return GIOLock.run { dconf.userValue(key) != nil }
    }
}
