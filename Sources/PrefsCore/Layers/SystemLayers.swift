/// The values a system sets for a suite beneath the user's, and the keys it locks: what `/etc/xdg` holds for the file
/// store, or dconf's system databases for GSettings.
///
/// Backend-free: a store reads its layers and locks and hands them here, and every store resolves a key the same way.
public struct SystemLayers: Sendable, Hashable {
    /// One layer: where it is kept, for people, and its values.
    public struct Layer: Sendable, Hashable {
        /// The file or table, such as `/etc/xdg/com.example.app.plist`.
        public let source: String
        /// Its values, by key.
        public let values: [String: PropertyListValue]

        /// Creates a layer.
        public init(source: String, values: [String: PropertyListValue]) {
            self.source = source
            self.values = values
        }
    }

    /// The layers, the one that wins first.
    public var layers: [Layer]

    /// The keys the layers set, in no order.
    public var keys: Set<String> { Set(layers.flatMap(\.values.keys)) }

    /// The value and source of every key the layers set or lock, given the user's values: what `prefs read` lists and
    /// `export --effective` writes, beside the user's keys.
    ///
    /// - Parameter user: The user's values.
    /// - Returns: Each key's effective value and source; a key locked with no system value is left out (it reads as
    ///   its default).
    public func effectiveValues(user: [String: PropertyListValue]) -> [String: (PropertyListValue, ValueSource)] {
        var result: [String: (PropertyListValue, ValueSource)] = [:]
        for key in keys.union(user.keys) {
            let (value, source) = resolve(key, user: user[key])
            if let value { result[key] = (value, source) }
        }
        return result
    }
    /// The keys they lock.
    public var locks: SuiteLocks
    /// Layer and lock files that could not be read, one line each; a lock file that cannot be read locks the whole
    /// suite, so that a damaged file never unlocks what an administrator fixed.
    public var problems: [String] = []

    /// Whether there are no layers, no locks and no problems: reads are the user's values, else the defaults.
    @inlinable
    public var isEmpty: Bool { layers.isEmpty && locks.isEmpty && problems.isEmpty }

    /// No layers and no locks: the user's value, else the default.
    public static let none = SystemLayers(layers: [], locks: SuiteLocks())

    /// Creates the layers of a suite.
    ///
    /// - Parameters:
    ///   - layers: The layers, the one that wins first.
    ///   - locks: The keys they lock.
    public init(layers: [Layer], locks: SuiteLocks) {
        self.layers = layers
        self.locks = locks
    }

    /// A key's effective value, leaving launch arguments to the caller (they come before everything).
    ///
    /// The first of: a locked key's system value (or nothing, so the default); the user's value; the first layer
    /// that holds the key; nothing, so the default. A user's value under a lock is ignored, whoever wrote it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - user: The user's value, if any.
    /// - Returns: The value (`nil` for the default) and where it comes from.
    public func resolve(_ key: String, user: PropertyListValue?) -> (value: PropertyListValue?, source: ValueSource) {
        if layers.isEmpty && locks.isEmpty { return (user, user == nil ? .default : .user) }
        let system = layers.lazy.compactMap { layer in layer.values[key].map { ($0, layer.source) } }.first
        if let lock = locks.lock(forKey: key) { return (system?.0, .locked(by: lock)) }
        if let user { return (user, .user) }
        if let (value, source) = system { return (value, .system(source)) }
        return (nil, .default)
    }

    /// The changes of effective value that replacing `old` with these layers makes, for a store to deliver when its
    /// layer or lock files change (``PersistentKeyValueChange/systemLayer``).
    ///
    /// - Parameters:
    ///   - old: The layers as they were.
    ///   - user: The user's values.
    ///   - suite: The suite, for the changes.
    ///   - fallback: What to name as the changed layer when neither value comes from a file.
    /// - Returns: One change per key whose value or source changed, sorted by key.
    public func changes(
        since old: SystemLayers, user: [String: PropertyListValue], suite: String, fallback: String
    ) -> [PersistentKeyValueChange] {
        var keys = old.keys.union(self.keys).union(old.locks.keys.keys).union(locks.keys.keys)
        if old.locks.wholeSuite != locks.wholeSuite { keys.formUnion(user.keys) }
        return keys.sorted().compactMap { key in
            let before = old.resolve(key, user: user[key])
            let after = resolve(key, user: user[key])
            guard before.value != after.value || before.source != after.source else { return nil }
            return PersistentKeyValueChange(
                suite: suite, key: key, oldValue: before.value, newValue: after.value, origin: .otherProcess,
                systemLayer: after.source.file ?? before.source.file ?? fallback)
        }
    }
}
