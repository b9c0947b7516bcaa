public import PrefsCore
import Synchronization

/// The suites a store keeps open while it has observers of every suite, for the stores whose suites hear other
/// programs' changes only while open (GSettings, dconf directories, Xfconf): a suite opened for a listing and dropped
/// at once would be closed again before its first change.
public final class ObservedSuites: Sendable {
    private let state = Mutex<(observers: Int, retained: [String: any PersistentKeyValueStore & Sendable])>((0, [:]))

    public init() {}

    /// Registers a store-wide observer on a notifier; the first one opens every suite, which stay open until the last
    /// observer goes.
    ///
    /// - Parameters:
    ///   - notifier: The store's notifier, where every suite posts its changes.
    ///   - handler: Called with each batch of changes.
    ///   - onProblem: Called with problems the store reports.
    ///   - open: Opens every suite to keep, by name; called for the first observer, outside any lock.
    /// - Returns: The observation; cancelling it, or releasing it, removes the observer.
    public func observe(
        _ notifier: PersistentKeyValueChangeNotifier,
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?,
        opening open: () -> [String: any PersistentKeyValueStore & Sendable]
    ) -> PersistentKeyValueObservation {
        let registration = notifier.addObserver(handler, onProblem: onProblem)
        let first = state.withLock { state in
            state.observers += 1
            return state.observers == 1
        }
        if first {
            let opened = open()
            state.withLock { state in
                guard state.observers > 0 else { return }
                state.retained.merge(opened) { live, _ in live }
            }
        }
        return PersistentKeyValueObservation { [weak self] in
            registration.cancel()
            self?.state.withLock { state in
                state.observers -= 1
                if state.observers == 0 { state.retained = [:] }
            }
        }
    }

    /// Whether some store-wide observer is registered: a suite found meanwhile is then to be opened and kept.
    public var isObserved: Bool { state.withLock { $0.observers > 0 } }

    /// Keeps a suite opened meanwhile open too, while some store-wide observer is registered.
    ///
    /// - Returns: Whether it is kept: whether the store is observed.
    @discardableResult
    public func keep(_ suite: any PersistentKeyValueStore & Sendable, named name: String) -> Bool {
        state.withLock { state in
            guard state.observers > 0 else { return false }
            state.retained[name] = suite
            return true
        }
    }

    /// Lets suites go, as when their schema changed.
    ///
    /// - Parameter names: The suites.
    /// - Returns: Those of them to open again: all, while the store is observed; none otherwise.
    public func release(_ names: [String]) -> [String] {
        state.withLock { state in
            for name in names { state.retained[name] = nil }
            return state.observers > 0 ? names : []
        }
    }
}
