/// The preferences an app declares: every key with its type, default, documentation and allowed values.
///
/// Build it from the app's keys, and export it as a JSON manifest so that other processes, such as the `prefs`
/// command line and the editor, can show and check the app's preferences without its code.
///
/// ```swift
/// let schema = try PreferenceSchema(suite: "com.example.app", keys: [.theme, .launchCount, .showsWelcome])
/// let value = try schema.parse("dark", forKey: "theme")  // .string("dark")
/// ```
public struct PreferenceSchema: Sendable, Hashable {
    /// The suite the preferences live in, when the schema names one.
    public let suite: String?
    /// The entries, in the order they were declared.
    public let entries: [PreferenceSchemaEntry]
    /// What the suite may hold beside the keys declared here, and so what a write of another key meets.
    public var undeclaredKeys = UndeclaredKeys.forced
    private let positions: [String: Int]
    /// Each former name that is not itself declared, and the position of the entry renamed from it.
    private let formerPositions: [String: Int]

    /// Builds a schema from Swift keys.
    ///
    /// - Parameters:
    ///   - suite: The suite the preferences live in.
    ///   - keys: The keys, in the order to show them.
    /// - Throws: ``PreferenceSchemaError/duplicateKey(_:)`` when a key is declared twice, or
    ///   ``PreferenceSchemaError/conflictingTypes(key:first:second:)`` when twice with different types.
    public init(suite: String? = nil, keys: [any PersistentKeyProtocol]) throws(PreferenceSchemaError) {
        try self.init(suite: suite, entries: keys.map { PreferenceSchemaEntry($0) })
    }

    /// Builds a schema from entries, as a manifest describes them.
    ///
    /// - Parameters:
    ///   - suite: The suite the preferences live in.
    ///   - entries: The entries, in the order to show them.
    /// - Throws: ``PreferenceSchemaError`` when a key is declared twice.
    public init(suite: String? = nil, entries: [PreferenceSchemaEntry]) throws(PreferenceSchemaError) {
        var positions: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            if let earlier = positions[entry.id] {
                let first = entries[earlier].typeName
                guard first == entry.typeName && entries[earlier].storage == entry.storage else {
                    throw .conflictingTypes(key: entry.id, first: first, second: entry.typeName)
                }
                throw .duplicateKey(entry.id)
            }
            positions[entry.id] = position
        }
        var formerPositions: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            for former in entry.formerIDs where positions[former] == nil && formerPositions[former] == nil {
                formerPositions[former] = position
            }
        }
        self.suite = suite
        self.entries = entries
        self.positions = positions
        self.formerPositions = formerPositions
    }

    /// The entry for a key, if the schema declares it.
    ///
    /// - Parameter id: The key's identifier.
    public subscript(id: String) -> PreferenceSchemaEntry? {
        positions[id].map { entries[$0] }
    }

    /// The entry that governs a stored key's value: the key's own, or, for a former name of a renamed key, that key's.
    ///
    /// A value still stored under a former name is the renamed key's value before migration: it is shown, masked
    /// when secret and journaled as that key's. Writes by the old name are not typed by it (``subscript(_:)``).
    ///
    /// - Parameter key: The stored key.
    /// - Returns: The entry, or `nil` for a key the schema does not know by either name.
    public func entry(forStoredKey key: String) -> PreferenceSchemaEntry? {
        (positions[key] ?? formerPositions[key]).map { entries[$0] }
    }

    /// Every stored key whose value is secret: the keys marked secret, and the former names they may still be stored
    /// under.
    public var secretStoredKeys: Set<String> {
        Set(entries.flatMap { [$0.id] + $0.formerIDs }.filter { entry(forStoredKey: $0)?.isSecret == true })
    }

    /// The entry for a key, or an error naming the unknown key.
    ///
    /// - Parameter id: The key's identifier.
    /// - Returns: The entry.
    /// - Throws: ``PreferenceSchemaError/unknownKey(_:)``.
    public func entry(forKey id: String) throws(PreferenceSchemaError) -> PreferenceSchemaEntry {
        guard let entry = self[id] else { throw .unknownKey(id) }
        return entry
    }

    /// Parses text typed by a user into the stored form of a value for a key.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - id: The key's identifier.
    /// - Returns: The value to store.
    /// - Throws: ``PreferenceSchemaError`` naming the key and what is wrong: an unknown key, text of the wrong kind,
    ///   a value out of range or not among the choices.
    public func parse(_ text: String, forKey id: String) throws(PreferenceSchemaError) -> PropertyListValue {
        try entry(forKey: id).parse(text)
    }

    /// The text a user reads and edits for a stored value of a key; ``PropertyListValue/text`` for an unknown key.
    ///
    /// - Parameters:
    ///   - value: The stored value.
    ///   - id: The key's identifier.
    /// - Returns: The text.
    public func render(_ value: PropertyListValue, forKey id: String) -> String {
        self[id]?.render(value) ?? value.text
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.suite == rhs.suite && lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(suite)
        hasher.combine(entries)
    }
}
