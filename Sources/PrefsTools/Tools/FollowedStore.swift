import PrefsCore

/// A store followed from now on, as `prefs watch` and `prefs record` start: its suites' names checked, its events
/// subscribed to, the suites named opened, and its changes delivered once this exists, on a store that can start at
/// once (``/PrefsCore/SuiteStore/startDelivering()``).
struct FollowedStore {
    let store: any SuiteStore
    /// The suites followed; every suite when empty.
    let suites: Set<String>
    /// Every change of the suites followed, and every problem, from now on.
    let events: AsyncStream<SuiteStoreEvent>
    private let delivering: PersistentKeyValueObservation?

    /// Starts following.
    ///
    /// - Parameters:
    ///   - suites: The suites to follow; every suite when empty.
    ///   - context: The store.
    /// - Throws: ``ToolError`` for a suite name the store cannot hold; the store's error when it cannot be opened or
    ///   its delivery cannot start.
    init(suites: [String], in context: ToolContext) throws {
        for name in suites { try context.checkName(name) }
        store = try context.store()
        self.suites = Set(suites)
        events = store.events(of: suites.isEmpty ? nil : self.suites)
        // Opening the named suites now makes their first change a difference from what they hold at this moment.
        for name in suites { _ = try store.anySuite(name) }
        delivering = try store.startDelivering()
    }

    /// Whether a change is of a suite followed.
    func follows(_ change: PersistentKeyValueChange) -> Bool {
        suites.isEmpty || suites.contains(change.suite ?? "")
    }

    /// What is followed, for the note that says so: `every suite in …`, `2 suite(s) in …`.
    var description: String {
        "\(suites.isEmpty ? "every suite" : "\(suites.count) suite(s)") in \(store.locationDescription)"
    }

    /// Stops the early delivery; the store's ``/PrefsCore/SuiteStore/run()`` goes on delivering while it runs.
    func stop() { delivering?.cancel() }
}
