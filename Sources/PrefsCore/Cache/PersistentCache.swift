import Synchronization

/// A bounded in-memory cache that evicts the least recently used entries, and that saves to a store and restores
/// at launch (seed 002).
///
/// ```swift
/// let thumbnails = PersistentCache<URL, Data>(countLimit: 200, costLimit: 50_000_000, cost: \.count)
/// thumbnails[url] = data
/// try thumbnails.save(to: suite, key: "thumbnails")
/// …
/// let restored = PersistentCache<URL, Data>(restoringFrom: suite, key: "thumbnails", countLimit: 200)
/// ```
///
/// Reading an entry makes it the most recently used. When an insertion takes the cache past its count or total cost
/// limit, the least recently used entries are evicted until it fits; an entry that costs more than the whole limit is
/// not kept at all. The cache is thread-safe.
public final class PersistentCache<Key: Hashable & Codable & Sendable, Value: Codable & Sendable>: Sendable {
    /// The most entries kept, or `nil` for no limit.
    public let countLimit: Int?
    /// The most total cost kept, or `nil` for no limit.
    public let costLimit: Int?
    private let cost: @Sendable (Value) -> Int
    private let state = Mutex(State())

    private struct State {
        var order = LRUList<Key>()
        var entries: [Key: (value: Value, cost: Int)] = [:]
        var totalCost = 0
    }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - countLimit: The most entries kept; `nil` for no limit.
    ///   - costLimit: The most total cost kept; `nil` for no limit.
    ///   - cost: The cost of a value, such as its size in bytes; 1 by default, so that cost counts entries.
    public init(countLimit: Int? = nil, costLimit: Int? = nil, cost: @escaping @Sendable (Value) -> Int = { _ in 1 }) {
        self.countLimit = countLimit
        self.costLimit = costLimit
        self.cost = cost
    }

    /// The keys, least recently used first.
    public var keys: [Key] { state.withLock { $0.order.keys } }

    /// The number of entries.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The total cost of the entries.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// The value for a key, which becomes the most recently used.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or `nil` when the cache does not hold one.
    public func value(forKey key: Key) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.order.touch(key)
            return entry.value
        }
    }

    /// Stores a value, evicting the least recently used entries as needed.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key.
    public func set(value: Value, forKey key: Key) {
        let entryCost = cost(value)
        state.withLock { state in
            Self.remove(key, from: &state)
            if let costLimit, entryCost > costLimit { return }
            state.entries[key] = (value, entryCost)
            state.totalCost += entryCost
            state.order.touch(key)
            while let oldest = state.order.oldestKey, exceedsLimits(state) {
                Self.remove(oldest, from: &state)
            }
        }
    }

    /// Removes a key's value.
    ///
    /// - Parameter key: The key.
    public func removeValue(forKey key: Key) {
        state.withLock { Self.remove(key, from: &$0) }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// Reads or writes a value; writing `nil` removes it.
    ///
    /// - Parameter key: The key.
    public subscript(key: Key) -> Value? {
        get { value(forKey: key) }
        set {
            if let newValue { set(value: newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// The entries, least recently used first, as they are saved.
    var entriesInOrder: [PersistentCacheEntry<Key, Value>] {
        state.withLock { state in
            state.order.keys.compactMap { key in
                state.entries[key].map { PersistentCacheEntry(key: key, value: $0.value) }
            }
        }
    }

    private func exceedsLimits(_ state: State) -> Bool {
        if let countLimit, state.entries.count > countLimit { return true }
        if let costLimit, state.totalCost > costLimit { return true }
        return false
    }

    private static func remove(_ key: Key, from state: inout State) {
        guard let entry = state.entries.removeValue(forKey: key) else { return }
        state.totalCost -= entry.cost
        state.order.remove(key)
    }
}

/// One saved entry of a ``PersistentCache``.
struct PersistentCacheEntry<Key: Codable & Sendable, Value: Codable & Sendable>: Codable, Sendable {
    let key: Key
    let value: Value
}
