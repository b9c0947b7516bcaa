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
    /// The keys they lock.
    public var locks: SuiteLocks

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
        let system = layers.lazy.compactMap { layer in layer.values[key].map { ($0, layer.source) } }.first
        if let lock = locks.lock(forKey: key) { return (system?.0, .locked(by: lock)) }
        if let user { return (user, .user) }
        if let (value, source) = system { return (value, .system(source)) }
        return (nil, .default)
    }
}
