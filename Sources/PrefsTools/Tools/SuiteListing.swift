public import PrefsCore

/// What `prefs read` prints: one value, or a whole suite as `key = value` lines.
public enum SuiteListing {
    /// A key's effective value (through the suite's system layers and locks), else its schema's default; the rest of
    /// the suite is not read when the store can avoid it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The suite's name.
    ///   - context: The store.
    /// - Returns: The value, its schema entry, and where the value comes from.
    /// - Throws: ``ToolError`` for a suite that does not exist, or a key with no value and no default, or unknown;
    ///   the store's error when it cannot be read.
    public static func value(of key: String, inSuite name: String, context: ToolContext) throws -> (
        value: PropertyListValue, entry: PreferenceSchemaEntry?, source: ValueSource
    ) {
        let schema = try context.schema(for: name)
        let entry = schema?[key]
        // A renamed key not yet migrated reads its newest former name, as the app's own reads do.
        let names = [key] + (entry?.formerIDs ?? [])
        let found = try context.storedValues(of: names, inExistingSuite: name)
        let stored = names.lazy.compactMap { found[$0] }.first
        let (layered, source) = try context.systemLayers(ofSuite: name).resolve(key, user: stored)
        guard let value = layered ?? entry?.defaultValue else {
            if entry != nil || source != .default {
                throw ToolError("key \(TextEscaping.quoted(key)) has no value and no default", code: .noKey)
            }
            // The nearest keys the suite holds or declares: only a hint, left out when the suite cannot be listed.
            let stored = (try? context.existingSuite(name).primitiveValues().keys).map(Array.init) ?? []
            let known = Array(Set(stored + (schema?.entries.map(\.id) ?? []))).sorted()
            let hint = NearestNames.question(for: key, among: known).map { "; \($0)" } ?? ""
            throw ToolError(
                "unknown key \(TextEscaping.quoted(key)) in suite \(TextEscaping.quoted(name))\(hint)", code: .noKey)
        }
        // A former name's value is shown as the renamed key's: masked when that key is secret.
        return (value, entry ?? schema?.entry(forStoredKey: key), source)
    }

    /// What `prefs read-type` prints: the type of the value `prefs read` prints, and the store's or schema's own
    /// name for it where that says more (`int (GVariant i)`).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The suite.
    ///   - context: The store.
    /// - Returns: One line.
    /// - Throws: ``ToolError`` when the key has no value and no default.
    public static func typeDescription(of key: String, inSuite name: String, context: ToolContext) throws -> String {
        let (value, entry, _) = try Self.value(of: key, inSuite: name, context: context)
        // Only more words: a suite that cannot say its store's type still has the value's.
        let native = try? context.existingSuite(name).nativeText?.nativeTypeName(forKey: key)
        return ValueText.typeDescription(of: value, entry: entry, native: native ?? nil)
    }

    /// A suite's effective values with their sources: the user's, the system layers' and the locked ones, and with
    /// `includeDefaults` its schema's defaults for the keys nothing holds.
    ///
    /// A user's value under a lock is left out: reads ignore it. A locked key with no system value shows its schema
    /// default, marked locked.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - schema: Its schema.
    ///   - includeDefaults: Whether to add the schema's defaults.
    ///   - group: Only the keys under this prefix (`editor.`): the group a store's `prefixed(_:)` view holds.
    /// - Returns: Each key's value and source.
    public static func sourcedValues(
        of suite: any PersistentKeyValueStore, schema: PreferenceSchema?, includeDefaults: Bool, group: String? = nil
    ) -> [String: (value: PropertyListValue, source: ValueSource)] {
        let layers = suite.systemLayers
        let user = suite.primitiveValues()
        var values: [String: (value: PropertyListValue, source: ValueSource)] =
            layers.isEmpty
            ? user.mapValues { ($0, .user) } : layers.effectiveValues(user: user).mapValues { ($0.0, $0.1) }
        if let schema {
            for entry in schema.entries where values[entry.id] == nil {
                guard let value = entry.defaultValue else { continue }
                if let lock = layers.locks.lock(forKey: entry.id) {
                    values[entry.id] = (value, .locked(by: lock))
                } else if includeDefaults {
                    values[entry.id] = (value, .default)
                }
            }
        }
        guard let group else { return values }
        return values.filter { $0.key.hasPrefix(group) }
    }

    /// A suite's effective values, as ``sourcedValues(of:schema:includeDefaults:group:)`` lists them, without their
    /// sources.
    public static func values(
        of suite: any PersistentKeyValueStore, schema: PreferenceSchema?, includeDefaults: Bool, group: String? = nil
    ) -> [String: PropertyListValue] {
        sourcedValues(of: suite, schema: schema, includeDefaults: includeDefaults, group: group).mapValues(\.value)
    }

    /// The prefix a group pattern names: `editor.*` is the keys under `editor.`, as `store.prefixed("editor.")`
    /// holds them; `nil` for any other key.
    ///
    /// - Parameter pattern: A key as typed.
    /// - Returns: The prefix, ending in its separator.
    public static func group(_ pattern: String) -> String? {
        guard pattern.hasSuffix(".*"), pattern.count > 2 else { return nil }
        return String(pattern.dropLast())
    }

    /// A suite as `key = value` lines, sorted by key; a value that is not the user's is marked after its key:
    /// `proxy [locked] = …`, `theme [system] = dark`, `timeout [default] = 30`.
    ///
    /// A store that lists its keys itself lists each by its exact bytes: two keys of a file suite that differ only
    /// in Unicode normalisation stay two lines, which a Swift dictionary of values would fold into one.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - schema: Its schema, which renders values and gives defaults.
    ///   - includeDefaults: Whether to list the schema's keys that are not stored, with their defaults.
    ///   - types: Whether to name each value's type: `key (int) = 42`.
    ///   - group: Only the keys under this prefix.
    /// - Returns: The lines.
    public static func lines(
        of suite: any PersistentKeyValueStore, schema: PreferenceSchema?, includeDefaults: Bool, types: Bool = false,
        group: String? = nil
    ) -> [String] {
        let values = sourcedValues(of: suite, schema: schema, includeDefaults: includeDefaults)
        // As people count (`item2` before `item10`), as the editor lists them.
        var keys = (suite.transactions?.sortedKeys() ?? Array(suite.primitiveValues().keys)).filter {
            values[$0]?.source == .user
        }
        keys += values.keys.filter { values[$0]?.source != .user }
        keys.sort(by: NaturalOrder.precedes)
        if let group { keys = keys.filter { $0.hasPrefix(group) } }
        return keys.compactMap { key in
            guard let (listed, source) = values[key] else { return nil }
            // The user's value by the key's exact bytes (see above); the others as the layers hold them.
            let value = source == .user ? suite.primitiveValue(forKey: key) ?? listed : listed
            let type = types ? " (\(ValueText.typeName(of: value)))" : ""
            let mark = self.mark(source).map { " [\($0)]" } ?? ""
            return
                "\(ValueText.key(key))\(type)\(mark) = \(ValueText.inline(value, entry: schema?.entry(forStoredKey: key)))"
        }
    }

    /// The word a listing marks a value that is not the user's with: `system`, `locked`, `default`.
    ///
    /// - Parameter source: Where the value comes from.
    /// - Returns: The word, or `nil` for the user's own value.
    public static func mark(_ source: ValueSource) -> String? {
        switch source {
        case .user: nil
        case .system: "system"
        case .locked: "locked"
        case .default: "default"
        case .launchArgument: "launch argument"
        }
    }
}
