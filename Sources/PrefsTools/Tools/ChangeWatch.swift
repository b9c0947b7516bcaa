import PrefsCore
import SystemPackage

/// What `prefs watch` does: one line per change of some suites or of all, as it happens, until cancelled.
public struct ChangeWatch: Sendable {
    /// The suites to watch; every suite when empty.
    public var suites: [String]
    /// Whether to print JSON lines.
    public var json: Bool
    /// Whether to print times in UTC rather than local time.
    public var utc: Bool

    /// Creates a watch.
    public init(suites: [String], json: Bool = false, utc: Bool = false) {
        self.suites = suites
        self.json = json
        self.utc = utc
    }

    /// Prints every change until the task is cancelled; a problem that interrupts the changes goes to standard
    /// error, one line each.
    ///
    /// - Parameter context: The store.
    /// - Throws: ``ToolError`` for a suite name the store cannot hold; the store's error when its service cannot
    ///   start or dies.
    public func run(in context: ToolContext) async throws {
        // A watch that cannot print would run for ever for nobody.
        if StandardStreams.outputWasClosed { throw OutputFailure(errno: .badFileDescriptor) }
        // Said once it is true: a change made after the note is printed, on a store that can start at once.
        let followed = try FollowedStore(suites: suites, in: context)
        defer { followed.stop() }
        let (store, events, wanted) = (followed.store, followed.events, followed.suites)
        Output.note("watching \(followed.description)")
        // The store's service delivers the changes; when it fails (a watch that died), so does the watch.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            group.addTask { try await print(events, wanted: wanted, context: context) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Prints each change as it comes, and ends with ``OutputFailure`` once standard output fails.
    private func print(_ events: AsyncStream<SuiteStoreEvent>, wanted: Set<String>, context: ToolContext) async throws {
        var schemas: [String: PreferenceSchema?] = [:]
        for await event in events {
            switch event {
            case .changed(let changes):
                var lines: [String] = []
                for change in changes {
                    guard let suite = change.suite, wanted.isEmpty || wanted.contains(suite) else { continue }
                    if schemas[suite] == nil { schemas[suite] = .some((try? context.schema(for: suite)) ?? nil) }
                    let entry = schemas[suite]??.entry(forStoredKey: change.key)
                    lines.append(
                        json
                            ? ChangeText.jsonLine(change, entry: entry)
                            : ChangeText.watchLine(change, entry: entry, utc: utc))
                }
                Output.lines(lines)
                try Output.checkOutput()
            case .problem(let reason):
                Output.error(reason)
            }
        }
    }
}
