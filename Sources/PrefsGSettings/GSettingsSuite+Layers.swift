public import PrefsCore
import PrefsGLib
import PrefsStoreKit

extension GSettingsSuite {
    public var liveSystemLayers: LiveSystemLayers? { layers }

    /// What a system layer or a lock of this store is called: dconf keeps them in the profile's system databases.
    static let systemSource = "the dconf system databases (DCONF_PROFILE)"
    /// What locks a key of this store.
    static let lockSource = "the system administrator (a dconf lock)"

    /// dconf's system databases and locks as ``PrefsCore/SystemLayers``: one layer holding each key whose default in
    /// force (`g_settings_get_default_value`) is not the schema's own, and a lock for each key that is not writable.
    ///
    /// GSettings reads through them itself; the layers say where a value comes from. The caller holds ``GIOLock``.
    ///
    /// - Returns: The layers.
    func readSystemLayers() -> SystemLayers {
        if let layers = fromFiles({ files throws(GLibFile.Unreadable) in
            try files.systemLayers(source: Self.systemSource, lockSource: Self.lockSource)
        }) {
            return layers
        }
        guard let settings = settingsForReading else { return .none }
        var values: [String: PropertyListValue] = [:]
        var locks = SuiteLocks()
        for key in settings.schema.keyNames {
            if let own = settings.schema.key(key)?.defaultValue, let inForce = settings.defaultValue(key),
                !inForce.isEqual(to: own)
            {
                values[key] = VariantConversion.value(of: inForce)
            }
            if !settings.isWritable(key) { locks.lock(key, by: Self.lockSource) }
        }
        let layers = values.isEmpty ? [] : [SystemLayers.Layer(source: Self.systemSource, values: values)]
        return SystemLayers(layers: layers, locks: locks)
    }

    /// Reads the system layers again, after GSettings said keys changed, and delivers the keys whose value in force
    /// that changes, as changes of the system databases.
    func refreshSystemLayers() {
        let (fresh, user) = GIOLock.run { (readSystemLayers(), userValues()) }
        let old = layers.replace(with: fresh)
        guard old != fresh else { return }
        let changes = fresh.changes(since: old, user: user, suite: name, fallback: Self.systemSource)
        post(changes)
    }
}
