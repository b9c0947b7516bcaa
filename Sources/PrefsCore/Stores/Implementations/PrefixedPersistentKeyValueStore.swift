import Synchronization

/// A view of a store whose keys are the underlying store's keys under a prefix (seed 000's `keyPrefix`).
///
/// ```swift
/// let editor = suite.prefixed("editor.")
/// editor.set(.fontSize, to: 14)  // stored as "editor.fontSize"
/// ```
///
/// It is a store in its own right: reads, writes, listing and observation see only the keys under the prefix, with
/// the prefix removed, so keys, containers and `#function` keys work through it unchanged, and a module can own its
/// part of a shared suite. Launch arguments are matched by the full stored key (`-editor.fontSize 14`).
///
/// - Important: The underlying store must be thread-safe, as all of PrefsKit's and `UserDefaults` are; that is why this
///   type can be `Sendable`.
public final class PrefixedPersistentKeyValueStore: PersistentKeyValueStore, @unchecked Sendable {
    /// The store the keys live in.
    public let base: any PersistentKeyValueStore
    /// What every key of this view is stored under, such as `"editor."`.
    public let prefix: String
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public let launchArguments: LaunchArguments
    private let observation: Mutex<PersistentKeyValueObservation?> = Mutex(nil)

    /// Creates a view of a store's keys under a prefix.
    ///
    /// - Parameters:
    ///   - base: The store the keys live in.
    ///   - prefix: The prefix; an empty prefix gives a view of the whole store.
    public init(_ base: any PersistentKeyValueStore, prefix: String) {
        self.base = base
        self.prefix = prefix
        launchArguments = LaunchArguments(
            values: Dictionary(
                uniqueKeysWithValues: base.launchArguments.values.compactMap { key, value in
                    key.hasPrefix(prefix) ? (String(key.dropFirst(prefix.count)), value) : nil
                }))
        let forwarding = base.changeNotifier.addObserver { [weak self] changes in
            self?.forward(changes)
        } onProblem: { [weak self] problem in
            self?.changeNotifier.report(problem)
        }
        observation.withLock { $0 = forwarding }
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        base.primitiveValue(forKey: prefix + key)
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) throws(PersistentKeyValueStoreError)
    {
        try base.setPrimitiveValue(value, forKey: prefix + key)
    }

    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError) {
        try base.setPrimitiveValues(stored(changes))
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for (key, value) in base.primitiveValues() where key.hasPrefix(prefix) {
            values[String(key.dropFirst(prefix.count))] = value
        }
        return values
    }

    public func reportWriteFailure(_ error: PersistentKeyValueStoreError) {
        base.reportWriteFailure(error)
    }

    public func storedForm(of value: PropertyListValue) -> PropertyListValue {
        base.storedForm(of: value)
    }

    /// The underlying store's keys for changes given in this view's keys.
    func stored(_ changes: [String: PropertyListValue?]) -> [String: PropertyListValue?] {
        Dictionary(uniqueKeysWithValues: changes.map { (prefix + $0.key, $0.value) })
    }

    /// A change to the underlying store, in this view's keys, or `nil` for a key outside it.
    func local(_ change: PersistentKeyValueChange) -> PersistentKeyValueChange? {
        guard change.key.hasPrefix(prefix) else { return nil }
        return PersistentKeyValueChange(
            suite: change.suite, key: String(change.key.dropFirst(prefix.count)), oldValue: change.oldValue,
            newValue: change.newValue, origin: change.origin, writer: change.writer, reverted: change.reverted,
            isAbridged: change.isAbridged, isRedacted: change.isRedacted)
    }

    private func forward(_ changes: [PersistentKeyValueChange]) {
        changeNotifier.post(changes.compactMap(local))
    }
}

extension PersistentKeyValueStore {
    /// A view of this store's keys under a prefix, itself a store.
    ///
    /// - Parameter prefix: The prefix, such as `"editor."`.
    /// - Returns: The view.
    public func prefixed(_ prefix: String) -> PrefixedPersistentKeyValueStore {
        PrefixedPersistentKeyValueStore(self, prefix: prefix)
    }
}
