#if PostgreSQL
public import PrefsCore
import Synchronization

/// One suite of a ``PostgresStore``: a store of its own for PrefsKit's typed API.
public final class PostgresSuite: PersistentKeyValueStore, Sendable {
    public let name: String
    public let store: PostgresStore
    public let changeNotifier: PersistentKeyValueChangeNotifier
    public var launchArguments: LaunchArguments { .none }

    init(name: String, store: PostgresStore) {
        self.name = name
        self.store = store
        changeNotifier = store.session.state.withLock { state in
            if let notifier = state.notifiers[name] { return notifier }
            let notifier = PersistentKeyValueChangeNotifier()
            state.notifiers[name] = notifier
            return notifier
        }
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        store.session.state.withLock { $0.suites[name]?[key] }
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        store.session.state.withLock { $0.suites[name] ?? [:] }
    }

}
#endif
