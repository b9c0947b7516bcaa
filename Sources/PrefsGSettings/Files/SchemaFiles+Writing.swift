import PrefsCore
import PrefsGLib

extension SchemaFiles {
    /// Plans a write as `GSettingsSuite`'s plan through GIO does, with the same refusals: a key the schema lacks, a
    /// locked key; keys that already hold the value given are left out.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to reset it.
    ///   - suite: The suite's name, for errors.
    /// - Returns: The changes to send, or `nil` when GIO must plan the write: a value given as GVariant text (GLib
    ///   parses it), one that does not fit or is outside what the key allows (GIO words why), a stored value GLib
    ///   corrects, a `v` inside the value.
    /// - Throws: ``GSettingsStoreError/unknownKey(suite:key:)`` and ``GSettingsStoreError/notWritable(suite:key:)``.
    func plan(_ changes: [String: PropertyListValue?], suite: String) throws(GSettingsStoreError) -> [PlannedChange<
        SerializedVariant
    >]? {
        let databases: DconfDatabases
        do {
            databases = try files.databases()
        } catch {
            return nil
        }
        var planned: [PlannedChange<SerializedVariant>] = []
        for name in changes.keys.sorted() {
            guard schema.hasKey(name) else { throw .unknownKey(suite: suite, key: name) }
            guard databases.isWritable(path + name) else { throw .notWritable(suite: suite, key: name) }
            guard let key = schema.key(name), let old = storedValue(name, in: databases) else { return nil }
            guard let value = changes[name] ?? nil else {
                if let oldValue = old.value {
                    planned.append(PlannedChange(key: name, variant: nil, old: oldValue, new: nil))
                }
                continue
            }
            guard let shape = VariantShape(type: key.type.string),
                let serialized = VariantSerializer.serialize(value, shape: shape),
                key.allows(serialized) == true, let new = serialized.faithfulValue
            else { return nil }
            if let raw = old.raw, raw.type == serialized.type, raw.bytes == serialized.bytes { continue }
            planned.append(PlannedChange(key: name, variant: serialized, old: old.value, new: new))
        }
        return planned
    }

    /// The dconf change of planned writes: each key's full path, and its value or `nil`.
    func changeset(_ planned: [PlannedChange<SerializedVariant>]) -> [UInt8] {
        VariantSerializer.dconfChangeset(planned.map { (path: path + $0.key, value: $0.variant) })
    }

    /// What a key's user value is, as the GIO plan reads it (`g_settings_get_user_value`), with its stored bytes;
    /// `nil` when GIO must read it.
    private func storedValue(_ name: String, in databases: DconfDatabases) -> (
        value: PropertyListValue?, raw: SerializedVariant?
    )? {
        guard let raw = databases.userValue(path + name) else { return (nil, nil) }
        do {
            // A value of another type reads as none, as in GLib; one GLib corrects, or shows as text, is GIO's.
            guard let value = try userValue(name, in: databases) else { return (nil, nil) }
            return (value, raw)
        } catch {
            return nil
        }
    }
}
