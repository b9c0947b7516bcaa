import Synchronization

// MARK: - API

extension PersistentKeyValueStore {
    /// The values of a key: the current value first, then the new value after each change in this process.
    ///
    /// A change that leaves both the stored form and the status alone yields nothing, so two writes of an unreadable
    /// value yield once. With the default policy a slow consumer skips to the latest value, which suits state such as a
    /// theme; pass `.unbounded` to see every value.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - bufferingPolicy: What to keep when the consumer falls behind. The default keeps the newest value only.
    /// - Returns: A stream that ends when the consumer stops iterating.
    public func values<Key: PersistentKeyProtocol>(
        for key: Key, bufferingPolicy: AsyncStream<Key.Value>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Key.Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.Value.self, bufferingPolicy: bufferingPolicy)
        // The observer is added before the current value is read, so that no write falls between the two; the lock
        // orders the first yield against any change that beats it.
        let last = Mutex<Snapshot?>(nil)
        let arguments = launchArguments
        let layers = liveSystemLayers
        let names = RenamedKeyReads(key)
        let observation = changeNotifier.addObserver(keys: key.observedIDs) { changes in
            for (_, stored, effective) in names.apply(changes) {
                let resolved = key.observed(
                    stored, effective: effective, layers: layers, launchArgument: arguments[key.id])
                last.withLock { last in
                    guard last != Snapshot(resolved) else { return }
                    last = Snapshot(resolved)
                    continuation.yield(resolved.value)
                }
            }
        }
        names.seed { primitiveValue(forKey: $0) }
        let current = inspect(key)
        last.withLock { last in
            guard last == nil else { return }
            last = Snapshot(current)
            continuation.yield(current.value)
        }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// The changes to a key in this process, as typed old and new values.
    ///
    /// Nothing is yielded for the current value. By default every change is kept until the consumer takes it, in the
    /// order the writes took effect.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - bufferingPolicy: What to keep when the consumer falls behind. The default keeps everything.
    /// - Returns: A stream that ends when the consumer stops iterating.
    public func changes<Key: PersistentKeyProtocol>(
        for key: Key,
        bufferingPolicy: AsyncStream<PersistentKeyChange<Key.Value>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<PersistentKeyChange<Key.Value>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PersistentKeyChange<Key.Value>.self, bufferingPolicy: bufferingPolicy)
        let arguments = launchArguments
        let layers = liveSystemLayers
        let names = RenamedKeyReads(key)
        let observation = changeNotifier.addObserver(keys: key.observedIDs) { changes in
            for (oldStored, newStored, effective) in names.apply(changes) {
                let old = key.observed(
                    oldStored, effective: effective, layers: layers, launchArgument: arguments[key.id])
                let new = key.observed(
                    newStored, effective: effective, layers: layers, launchArgument: arguments[key.id])
                guard Snapshot(old) != Snapshot(new) else { continue }
                continuation.yield(
                    PersistentKeyChange(key: key.id, oldValue: old.value, newValue: new.value, status: new.status))
            }
        }
        names.seed { primitiveValue(forKey: $0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// The changes to several keys, or to every key, in stored form and in the order they took effect.
    ///
    /// - Parameters:
    ///   - keys: The keys to observe; `nil` observes every key.
    ///   - bufferingPolicy: What to keep when the consumer falls behind. The default keeps everything.
    /// - Returns: A stream that ends when the consumer stops iterating.
    public func changes(
        forKeys keys: [any PersistentKeyProtocol]?,
        bufferingPolicy: AsyncStream<PersistentKeyValueChange>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<PersistentKeyValueChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PersistentKeyValueChange.self, bufferingPolicy: bufferingPolicy)
        let observation = changeNotifier.addObserver(keys: keys.map { Set($0.map(\.id)) }) { changes in
            for change in changes { continuation.yield(change) }
        }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }
}

extension PersistentKeyProtocol {
    /// What a read of this key returns given a value a change reported: a user's value is put through the system
    /// layers as they are now (a removed key falls back to the system's value; a key locked meanwhile ignores it), and
    /// a system layer's change already carries the effective value.
    fileprivate func observed(
        _ stored: PropertyListValue?, effective: Bool, layers: LiveSystemLayers?, launchArgument: String?
    ) -> PersistentValueInspection<Value> {
        // Observers yield values and statuses, never sources, so an effective value needs no source of its own.
        let (value, source) = effective ? (stored, .user) : (layers?.current ?? .none).resolve(id, user: stored)
        return resolve(stored: value, launchArgument: launchArgument, source: source)
    }

    /// The identifiers whose changes can change what a read of this key finds: its own and its former ones.
    public var observedIDs: Set<String> { Set([id] + formerIDs) }
}

/// What decides whether a read changed: the source of the value and the primitive it came from, since values need not
/// be `Equatable`.
private struct Snapshot: Hashable {
    let status: PersistentValueStatus
    let stored: PropertyListValue?

    init<Value>(_ inspection: PersistentValueInspection<Value>) {
        status = inspection.status
        // A launch argument or a fixed release value does not depend on what is stored.
        switch inspection.status {
        case .launchArgument, .fixedInRelease: stored = nil
        default: stored = inspection.stored
        }
    }
}
