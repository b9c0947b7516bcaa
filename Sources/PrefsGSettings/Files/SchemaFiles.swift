import PrefsCore
import PrefsGLib
import PrefsStoreKit

/// One suite's schema and values read from the files GSettings reads (``GSettingsFiles``), answering as GSettings
/// answers: each method throws where GLib would do something this reader does not (a value GLib corrects, or one
/// shown as GVariant text), and the caller then asks GIO.
struct SchemaFiles: Sendable {
    let schema: CompiledSchema
    /// The dconf directory the suite's keys are in.
    let path: String
    let files: GSettingsFiles

    /// The keys the schema declares.
    var keyNames: [String] { schema.keyNames }

    /// A key the schema declares, readable here.
    func key(_ name: String) throws(GLibFile.Unreadable) -> CompiledSchemaKey? {
        guard schema.hasKey(name) else { return nil }
        guard let key = schema.key(name) else { throw GLibFile.Unreadable(reason: "key \(name) of \(schema.id)") }
        return key
    }

    /// The value a user set, as `g_settings_get_user_value` gives it: `nil` when none, or one of another type.
    func userValue(_ name: String) throws(GLibFile.Unreadable) -> PropertyListValue? {
        try userValue(name, in: files.databases())
    }

    /// The value in effect, as `g_settings_get_value` gives it: the user's, else the default in force.
    func value(_ name: String) throws(GLibFile.Unreadable) -> PropertyListValue? {
        let databases = try files.databases()
        if let user = try userValue(name, in: databases) { return user }
        return try defaultValue(name, in: databases).map { value throws(GLibFile.Unreadable) in
            try faithful(value, name: name)
        }
    }

    /// Every value a user set.
    func userValues() throws(GLibFile.Unreadable) -> [String: PropertyListValue] {
        try everyKey(userValue(_:in:))
    }

    /// The keys some changed dconf paths touch: a key of this suite's directory that the schema declares, or every
    /// key when a directory that holds this one was reset.
    ///
    /// - Parameter paths: Keys, and directories ending in `/`, as dconf's `Notify` signal names them.
    /// - Returns: The keys, sorted.
    func keys(touchedBy paths: [String]) -> [String] {
        var keys: Set<String> = []
        for path in paths {
            if path.hasSuffix("/") {
                if self.path.hasPrefix(path) { keys.formUnion(keyNames) }
            } else if path.hasPrefix(self.path) {
                let name = String(path.dropFirst(self.path.count))
                if schema.hasKey(name) { keys.insert(name) }
            }
        }
        return keys.sorted()
    }

    /// Whether a key can be written: no system database locks it.
    func isWritable(_ name: String) throws(GLibFile.Unreadable) -> Bool {
        try files.databases().isWritable(path + name)
    }

    /// The default in force of every key whose own is not the schema's.
    func effectiveDefaults() throws(GLibFile.Unreadable) -> [String: SerializedVariant] {
        try everyKey(defaultValue(_:in:))
    }

    /// What a read gives for every key that has something, over one reading of dconf's databases.
    private func everyKey<T>(
        _ read: (String, DconfDatabases) throws(GLibFile.Unreadable) -> T?
    ) throws(GLibFile.Unreadable) -> [String: T] {
        let databases = try files.databases()
        var found: [String: T] = [:]
        for name in keyNames {
            if let value = try read(name, databases) { found[name] = value }
        }
        return found
    }

    /// A key's user value in databases already read (``userValue(_:)``).
    func userValue(_ name: String, in databases: DconfDatabases) throws(GLibFile.Unreadable)
        -> PropertyListValue?
    {
        guard let key = try key(name), let raw = databases.userValue(path + name) else { return nil }
        return try checked(raw, key: key)
    }

    /// The value a key has when the user set none, as `g_settings_get_default_value`: a system database's, else the
    /// schema's.
    private func defaultValue(_ name: String, in databases: DconfDatabases) throws(GLibFile.Unreadable)
        -> SerializedVariant?
    {
        guard let key = try key(name) else { return nil }
        if let raw = databases.defaultValue(path + name), raw.type == key.type {
            guard key.allows(raw) == true else { throw GLibFile.Unreadable(reason: "\(name): GLib corrects it") }
            return raw
        }
        return key.defaultValue
    }

    /// dconf's system databases and locks as ``PrefsCore/SystemLayers``, as ``GSettingsSuite/readSystemLayers()``
    /// reads them through GIO.
    func systemLayers(source: String, lockSource: String) throws(GLibFile.Unreadable) -> SystemLayers {
        let databases = try files.databases()
        var values: [String: PropertyListValue] = [:]
        var locks = SuiteLocks()
        for name in keyNames {
            guard let key = try key(name), let inForce = try defaultValue(name, in: databases) else { continue }
            if inForce.type != key.defaultValue.type || inForce.bytes != key.defaultValue.bytes {
                values[name] = try faithful(inForce, name: name)
            }
            if !databases.isWritable(path + name) { locks.lock(name, by: lockSource) }
        }
        let layers = values.isEmpty ? [] : [SystemLayers.Layer(source: source, values: values)]
        return SystemLayers(layers: layers, locks: locks)
    }

    /// A stored value as GSettings reads it: ignored when of another type; left to GLib when outside what the key
    /// allows (which it corrects through aliases or ignores).
    private func checked(_ raw: SerializedVariant, key: CompiledSchemaKey) throws(GLibFile.Unreadable)
        -> PropertyListValue?
    {
        guard raw.type == key.type else { return nil }
        guard key.allows(raw) == true else { throw GLibFile.Unreadable(reason: "\(key.name): GLib corrects it") }
        return try faithful(raw, name: key.name)
    }

    /// A value's faithful mapping; GLib shows the others as GVariant text.
    func faithful(_ value: SerializedVariant, name: String) throws(GLibFile.Unreadable) -> PropertyListValue {
        guard let mapped = value.faithfulValue else {
            throw GLibFile.Unreadable(reason: "\(name) is shown as GVariant text")
        }
        return mapped
    }
}

extension SchemaFiles {
    /// Every key as PrefsKit's schema describes it, made as ``SchemaKey/entry(effectiveDefault:)`` makes it through
    /// GIO: its default the one in force.
    ///
    /// - Parameter documentation: Reads a key's summary and description, given its name and flags, when first
    ///   asked for.
    /// - Returns: The entries, sorted by key.
    /// - Throws: ``GLibFile/Unreadable`` when a key cannot be read here.
    func entries(
        documentation:
            @escaping @Sendable (_ key: String, _ flags: [String]) -> (summary: String?, description: String?)
    ) throws(GLibFile.Unreadable) -> [PreferenceSchemaEntry] {
        let defaults = try effectiveDefaults()
        var entries: [PreferenceSchemaEntry] = []
        for name in keyNames {
            guard let key = try key(name), let inForce = defaults[name] else { continue }
            let allowed = key.entryAllowed
            entries.append(
                GSettingsEntry.make(
                    name: name, type: key.type.string, defaultValue: try faithful(inForce, name: name),
                    allowed: allowed
                ) { documentation(name, allowed.flags) })
        }
        return entries
    }
}
