import Synchronization

/// Delivers a store's changes to the observers in this process.
///
/// A store posts each write here once it has taken effect. Observers are called synchronously on the writing thread,
/// outside any lock, in the order they were added; they must be quick and must not block. The async sequences built
/// on it (``PersistentKeyValueStore/values(for:bufferingPolicy:)`` and friends) only yield to a continuation, so a
/// slow consumer never holds up a writer.
public final class PersistentKeyValueChangeNotifier: Sendable {
    private struct Observer: Sendable {
        let keys: Set<String>?
        let handler: @Sendable ([PersistentKeyValueChange]) -> Void
        let onProblem: (@Sendable (any Error) -> Void)?
    }

    private struct State {
        var nextID: UInt64 = 0
        var observers: [UInt64: Observer] = [:]
    }

    private let state = Mutex(State())

    /// Creates a notifier with no observers.
    public init() {}

    /// Adds an observer.
    ///
    /// - Parameters:
    ///   - keys: The keys to hear about, or `nil` for all.
    ///   - handler: Called with the changes to those keys, never with an empty array.
    ///   - onProblem: Called with the reason when the store stops seeing other processes' changes for a while.
    /// - Returns: A token; the observer stays until the token is cancelled or released.
    public func addObserver(
        keys: Set<String>? = nil, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)? = nil
    ) -> PersistentKeyValueObservation {
        let id = state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = Observer(keys: keys, handler: handler, onProblem: onProblem)
            return state.nextID
        }
        return PersistentKeyValueObservation { [weak self] in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    /// Delivers changes to every observer interested in them.
    ///
    /// Changes whose old and new values are equal are dropped, except a system layer's: a lock file that fixes a
    /// key the system already set changes where its value comes from, which the editor and `prefs watch` show.
    ///
    /// - Parameter changes: The changes, in the order they were made.
    public func post(_ changes: [PersistentKeyValueChange]) {
        let changes = changes.filter { $0.oldValue != $0.newValue || $0.systemLayer != nil }
        guard !changes.isEmpty else { return }
        let observers = state.withLock { state in state.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers {
            let relevant = observer.keys.map { keys in changes.filter { keys.contains($0.key) } } ?? changes
            if !relevant.isEmpty { observer.handler(relevant) }
        }
    }

    /// Tells every observer that the store stopped seeing other processes' changes, and why.
    ///
    /// A watcher died, a connection dropped. Observers that gave no problem handler are not called.
    ///
    /// - Parameter problem: The reason.
    public func report(_ problem: any Error) {
        let observers = state.withLock { state in state.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers { observer.onProblem?(problem) }
    }

    /// The number of observers, for tests that check streams clean up after themselves.
    public var observerCount: Int { state.withLock { $0.observers.count } }
}

/// A registration with a ``PersistentKeyValueChangeNotifier``; cancelling or releasing it removes the observer.
public final class PersistentKeyValueObservation: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// Creates a registration that runs `onCancel` once, when cancelled or released.
    ///
    /// - Parameter onCancel: Removes the observer.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Removes the observer.
    ///
    /// Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}
