public import PrefsCore

/// What a filter can ask of one key, worked out once when its suite is read and again when the key changes: the one
/// rule for which keys are modified, stored, locked, secret or invalid, for `prefs find` and the editor's `/` alike.
///
/// The key's name, documentation and last writer are kept beside it by ``SuiteKeyTable``, which holds the facts of a
/// whole suite in the order the editor lists its keys.
public struct KeyFacts: Sendable, Hashable {
    /// The yes-or-no facts, one bit each.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The user's store holds a value (under the key, or a former name the schema declares).
        public static let stored = Flags(rawValue: 1 << 0)
        /// The value in force differs from the default, or there is no default to differ from.
        public static let modified = Flags(rawValue: 1 << 1)
        /// Nothing sets the key: its value is the default, or none.
        public static let atDefault = Flags(rawValue: 1 << 2)
        /// A system lock fixes it.
        public static let locked = Flags(rawValue: 1 << 3)
        /// A system layer sets the value in force.
        public static let system = Flags(rawValue: 1 << 4)
        /// The schema marks it secret, under its name or a former one.
        public static let secret = Flags(rawValue: 1 << 5)
        /// The schema refuses the value stored or in force: wrong type, not a choice, out of range.
        public static let invalid = Flags(rawValue: 1 << 6)
        /// Stored in a suite whose schema does not declare it.
        public static let undeclared = Flags(rawValue: 1 << 7)
    }

    public let flags: Flags
    /// The shape of the stored type, the schema's else the value's, as `@type:` names it: one byte, where the whole
    /// type (`array<string>`) took sixteen beside each of 100,000 keys.
    public let type: FilterQuery.TypeName?

    private init(flags: Flags, type: FilterQuery.TypeName?) {
        self.flags = flags
        self.type = type
    }

    /// The facts of a key, and its value as shown.
    ///
    /// The value is kept by ``SuiteKeyTable`` in its searched text rather than here, once per key: at 100,000 keys a
    /// string beside each key's facts cost megabytes the editor's memory target has no room for.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - stored: What the user's store holds for it, or for the newest former name it is still stored under.
    ///   - schema: The suite's schema.
    ///   - layers: The suite's system layers and locks.
    ///   - revealed: Whether secret values may be matched (`--reveal`).
    /// - Returns: The facts, and the value in force as `prefs read` prints it (escaped, on one line): `nil` when
    ///   there is none or it is a secret not revealed, so that no filter ever matches a secret by its value.
    public static func of(
        key: String, stored: PropertyListValue?, schema: PreferenceSchema?, layers: SystemLayers,
        revealed: Bool = Secrets.reveal
    ) -> (facts: KeyFacts, shown: String?) {
        let entry = schema?[key]
        let (inForce, source) = layers.resolve(key, user: stored)
        let effective = inForce ?? entry?.defaultValue
        var flags: Flags = []
        if stored != nil { flags.insert(.stored) }
        if effective != nil, effective != entry?.defaultValue { flags.insert(.modified) }
        switch source {
        case .default: flags.insert(.atDefault)
        case .system: flags.insert(.system)
        case .locked:
            flags.insert(.locked)
            if inForce != nil { flags.insert(.system) }
        case .user, .launchArgument: break
        }
        let secret = entry?.isSecret == true || schema?.entry(forStoredKey: key)?.isSecret == true
        if secret { flags.insert(.secret) }
        if let entry, Self.refuses(entry, stored) || Self.refuses(entry, inForce) { flags.insert(.invalid) }
        if stored != nil, let schema, schema.entry(forStoredKey: key) == nil { flags.insert(.undeclared) }
        let type = (entry?.storage ?? effective?.kind).map(FilterQuery.TypeName.init)
        let shown =
            secret && !revealed
            ? nil
            : effective.map { ValueText.inline($0, entry: entry ?? schema?.entry(forStoredKey: key), revealed: true) }
        return (KeyFacts(flags: flags, type: type), shown)
    }

    /// Whether an entry refuses a value it may read.
    private static func refuses(_ entry: PreferenceSchemaEntry, _ value: PropertyListValue?) -> Bool {
        switch entry.status(of: value) {
        case .wrongType, .undecodable: true
        case .absent, .ok, .launchArgument, .fixedInRelease: false
        }
    }
}
