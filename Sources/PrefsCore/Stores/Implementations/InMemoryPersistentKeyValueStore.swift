import Synchronization

/// A store kept in memory only: for tests, previews and values that must not outlive the process.
///
/// It is thread-safe, and posts every change to its ``changeNotifier``.
public final class InMemoryPersistentKeyValueStore: PersistentKeyValueStore, Sendable {
    private let storage: Mutex<[String: PropertyListValue]>
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public let launchArguments: LaunchArguments

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - values: What the store holds to begin with.
    ///   - launchArguments: The overrides to apply when reading; none by default, so that tests are not affected by
    ///     how they were launched.
    public init(_ values: [String: PropertyListValue] = [:], launchArguments: LaunchArguments = .none) {
        storage = Mutex(values)
        self.launchArguments = launchArguments
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        storage.withLock { $0[key] }
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) {
        setPrimitiveValues([key: value])
    }

    /// Applies all the changes under one lock, so no reader sees half of them.
    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) {
        let applied = storage.withLock { storage in
            changes.sorted { $0.key < $1.key }.map { key, value in
                let old = storage[key]
                storage[key] = value
                return PersistentKeyValueChange(key: key, oldValue: old, newValue: value)
            }
        }
        changeNotifier.post(applied)
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        storage.withLock { $0 }
    }
}
