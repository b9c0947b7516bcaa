public import PrefsCore
import ServiceLifecycle
import Synchronization

extension GSettingsStore: SuiteStore {
    public var locationDescription: String { "GSettings (dconf)" }

    /// The installed schemas.
    public var schemaSource: any PreferenceSchemaSource { GSettingsSchemas(store: self) }

    /// The schemas whose keys a user set, sorted: the suites that hold values.
    ///
    /// Every installed schema is a suite too; ``schemaSource`` lists them all.
    public func listSuites() throws -> [String] {
        var held: [String] = []
        for name in Set(try schemaIDs() + openedNames()) {
            let settings = try settings(name)
            if GIOLock.run({ settings.schema.keyNames.contains { settings.userValue($0) != nil } }) {
                held.append(name)
            }
        }
        return held.sorted()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    public func checkSuiteName(_ name: String) throws {
        _ = try suite(name)
    }

    /// Observes every change to every installed schema, and to the relocatable suites opened, whoever makes them.
    ///
    /// Handlers run on the writing thread for this process's writes and on GLib's main loop thread for others',
    /// which arrive only while ``run()`` runs.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let registration = changeNotifier.addObserver(handler, onProblem: onProblem)
        let first = observation.withLock { state in
            state.observers += 1
            return state.observers == 1
        }
        if first {
            // Without GIO there is nothing to observe; run() and every read say why.
            let opened = Set(((try? schemaIDs()) ?? []) + openedNames()).compactMap { try? suite($0) }
            observation.withLock { state in
                for suite in opened where state.observers > 0 { state.retained[suite.name] = suite }
            }
        }
        return PersistentKeyValueObservation { [weak self] in
            registration.cancel()
            self?.observation.withLock { state in
                state.observers -= 1
                if state.observers == 0 { state.retained = [:] }
            }
        }
    }

    /// Observes some suites only, opening no other schema.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let opened = suites.compactMap { try? suite($0) }
        let registration = changeNotifier.addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
        return PersistentKeyValueObservation {
            withExtendedLifetime(opened) { registration.cancel() }
        }
    }

    /// Runs GLib's main loop, where GSettings delivers other programs' changes, until the task is cancelled or a
    /// graceful shutdown begins.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded.
    public func run() async throws {
        try GIOLibrary.load()
        await cancelWhenGracefulShutdown {
            await MainLoop.run(afterEvents: ChangeQueue.deliver)
        }
    }
}
