public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import ServiceLifecycle
import Synchronization

extension XfconfStore: SuiteStore {
    public var locationDescription: String { "Xfconf (xfconfd)" }

    /// Xfconf has no schemas: its properties carry their types.
    public var schemaSource: any PreferenceSchemaSource { XfconfSchemas() }

    /// The channels xfconfd has stored (their files, which its `ListChannels` lists), and those opened, written or
    /// journaled here that it holds before it saves them, sorted.
    ///
    /// - Throws: ``XfconfStoreError`` when the user's folder of channel files cannot be listed.
    public func listSuites() throws -> [String] {
        // As xfconfd's ListChannels lists them, from the same folders, without a round trip to it.
        let stored = try XfconfChannelFolders.channels()
        // A channel written moments ago is in xfconfd's memory before its file, which ListChannels reads: those this
        // process opened or wrote, and those a watcher journaled, are asked for (a channel emptied since is not).
        let opened = channels.withLock { $0.compactMap { $0.value.channel?.name } }
        let known = Set(stored + opened).union(written.withLock { $0 })
        let unsaved = journal.journaledSuites().filter { name in
            guard !known.contains(name) else { return false }
            // A channel xfconfd cannot be asked about is left out, as ListChannels leaves it out.
            return (try? bus().properties(of: name).isEmpty == false) == true
        }
        return known.union(unsaved).sorted()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try channel(name)
    }

    public func checkSuiteName(_ name: String) throws {
        try Self.checkChannelName(name)
    }

    /// Observes every change to every channel, whoever makes it; other programs' arrive while ``run()`` runs.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        observed.observe(changeNotifier, handler, onProblem: onProblem) {
            // Without the bus there is nothing to observe; run() and every read say why.
            var opened: [String: any PersistentKeyValueStore & Sendable] = [:]
            for name in (try? listSuites()) ?? [] {
                guard let channel = try? channel(name) else { continue }
                channel.prime()
                opened[name] = channel
            }
            return opened
        }
    }

    /// Observes some channels only.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let opened = suites.compactMap { try? channel($0) }
        for channel in opened { channel.prime() }
        let registration = changeNotifier.addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
        return PersistentKeyValueObservation {
            withExtendedLifetime(opened) { registration.cancel() }
        }
    }

    /// Hears xfconfd's change signals, on a session-bus connection and a thread of their own, until the task is
    /// cancelled or a graceful shutdown begins.
    ///
    /// - Throws: ``XfconfStoreError`` when GLib cannot be loaded, or the bus cannot be reached or goes away.
    public func run() async throws {
        _ = try bus()
        try await WatchService.run(holding: try startListening(), problemsOf: changeNotifier)
    }

    /// Hears xfconfd's signals from now on: a change made once this returns is delivered.
    public func startDelivering() throws -> PersistentKeyValueObservation? {
        _ = try bus()
        return try startListening()
    }
}
