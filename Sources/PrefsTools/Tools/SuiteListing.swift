public import PrefsKit

/// What `prefs read` prints: one value, or a whole suite as `key = value` lines.
public enum SuiteListing {
    /// A key's value: stored, else its schema's default; the rest of the suite is not read when the store can
    /// avoid it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The suite's name.
    ///   - context: The store.
    /// - Returns: The value and its schema entry.
    /// - Throws: ``ToolError`` for a suite that does not exist, or a key with no value and no default, or unknown;
    ///   the store's error when it cannot be read.
    public static func value(of key: String, inSuite name: String, context: ToolContext) throws -> (
        value: PropertyListValue, entry: PreferenceSchemaEntry?
    ) {
        let schema = try context.schema(for: name)
        let entry = schema?[key]
        // A renamed key not yet migrated reads its newest former name, as the app's own reads do.
        let names = [key] + (entry?.formerIDs ?? [])
        let found = try context.storedValues(of: names, inExistingSuite: name)
        let stored = names.lazy.compactMap { found[$0] }.first
        guard let value = stored ?? entry?.defaultValue else {
            if entry != nil {
                throw ToolError("key \(TextEscaping.quoted(key)) has no value and no default", code: .noKey)
            }
            throw ToolError(
                "unknown key \(TextEscaping.quoted(key)) in suite \(TextEscaping.quoted(name))", code: .noKey)
        }
        // A former name's value is shown as the renamed key's: masked when that key is secret.
        return (value, entry ?? schema?.entry(forStoredKey: key))
    }

    /// A suite's values, and with `includeDefaults` its schema's defaults for the keys not stored.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - schema: Its schema.
    ///   - includeDefaults: Whether to add the schema's defaults.
    ///   - group: Only the keys under this prefix (`editor.`): the group a store's `prefixed(_:)` view holds.
    /// - Returns: The values.
    public static func values(
        of suite: any PersistentKeyValueStore, schema: PreferenceSchema?, includeDefaults: Bool, group: String? = nil
    ) -> [String: PropertyListValue] {
        var values = suite.primitiveValues()
        if includeDefaults, let schema {
            for entry in schema.entries where values[entry.id] == nil {
                if let value = entry.defaultValue { values[entry.id] = value }
            }
        }
        guard let group else { return values }
        return values.filter { $0.key.hasPrefix(group) }
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

    /// A suite as `key = value` lines, sorted by key.
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
        let values = values(of: suite, schema: schema, includeDefaults: includeDefaults)
        let stored = suite.primitiveValues()
        var keys = suite.transactions?.sortedKeys() ?? stored.keys.sorted()
        if includeDefaults, let schema {
            keys = (keys + schema.entries.map(\.id).filter { stored[$0] == nil && values[$0] != nil }).sorted()
        }
        if let group { keys = keys.filter { $0.hasPrefix(group) } }
        return keys.compactMap { key in
            (suite.primitiveValue(forKey: key) ?? values[key]).map {
                let type = types ? " (\(ValueText.typeName(of: $0)))" : ""
                return "\(ValueText.key(key))\(type) = \(ValueText.inline($0, entry: schema?.entry(forStoredKey: key)))"
            }
        }
    }
}
