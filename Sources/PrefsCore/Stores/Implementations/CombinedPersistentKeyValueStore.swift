import Synchronization

/// A store that reads through several stores in order and writes to the first.
///
/// This is seed 003's combined suite: an app's own defaults in front of a suite it shares with its other apps, so
/// that a local value overrides the shared one.
///
/// ```swift
/// let combined = CombinedPersistentKeyValueStore([UserDefaults.standard, sharedSuite])
/// ```
///
/// A read returns the first store's value that exists. Writes and removals go to the first store only, so removing a
/// key lets a later store's value show through. Changes in any of the stores that alter what a read returns are
/// posted to this store's ``changeNotifier``.
///
/// - Important: The stores must be thread-safe, as all of PrefsKit's are; that is why this type can be `Sendable`.
public final class CombinedPersistentKeyValueStore: PersistentKeyValueStore, @unchecked Sendable {
    /// The stores, in the order they are read; the first receives writes.
    public let stores: [any PersistentKeyValueStore]
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    private let observations: Mutex<[PersistentKeyValueObservation]> = Mutex([])

    /// Creates a combined store.
    ///
    /// - Parameter stores: The stores in the order they are read. It must not be empty; the first receives writes.
    public init(_ stores: [any PersistentKeyValueStore]) {
        self.stores = stores
        for (index, store) in stores.enumerated() {
            let observation = store.changeNotifier.addObserver { [weak self] changes in
                self?.forward(changes, from: index)
            }
            observations.withLock { $0.append(observation) }
        }
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        primitiveValue(forKey: key, from: 0)
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) throws(PersistentKeyValueStoreError)
    {
        guard let primary = stores.first else {
            throw PersistentKeyValueStoreError(
                .refused, key: key, message: "a combined store with no stores is read-only")
        }
        try primary.setPrimitiveValue(value, forKey: key)
    }

    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError) {
        guard let primary = stores.first else {
            throw PersistentKeyValueStoreError(.refused, message: "a combined store with no stores is read-only")
        }
        try primary.setPrimitiveValues(changes)
    }

    /// The value as the first store, which writes go to, keeps it.
    public func storedForm(of value: PropertyListValue) -> PropertyListValue {
        stores.first?.storedForm(of: value) ?? value
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        stores.reversed().reduce(into: [:]) { result, store in result.merge(store.primitiveValues()) { $1 } }
    }

    /// The first store's launch arguments, which for UserDefaults and file stores are the process's.
    public var launchArguments: LaunchArguments { stores.first?.launchArguments ?? .none }

    private func primitiveValue(forKey key: String, from index: Int) -> PropertyListValue? {
        for store in stores[index...] {
            if let value = store.primitiveValue(forKey: key) { return value }
        }
        return nil
    }

    /// Turns a change in one store into a change of what this store reads, which a store in front may hide.
    private func forward(_ changes: [PersistentKeyValueChange], from index: Int) {
        let visible = changes.compactMap { change -> PersistentKeyValueChange? in
            if stores[..<index].contains(where: { $0.primitiveValue(forKey: change.key) != nil }) { return nil }
            let behind = primitiveValue(forKey: change.key, from: index + 1)
            return PersistentKeyValueChange(
                key: change.key, oldValue: change.oldValue ?? behind, newValue: change.newValue ?? behind)
        }
        changeNotifier.post(visible)
    }
}
