import PrefsCore
import SystemPackage

/// What `prefs watch` does: one line per change of some keys, some suites or all, as it happens, until cancelled.
public struct ChangeWatch: Sendable {
    /// The suites to watch; every suite when empty.
    public var suites: [String]
    /// The keys to watch of the first suite in ``suites``; every key when empty.
    public var keys: [String]
    /// Whether to print JSON lines.
    public var json: Bool
    /// Whether to print times in UTC rather than local time.
    public var utc: Bool

    /// Creates a watch.
    ///
    /// - Parameters:
    ///   - suites: The suites to watch; every suite when empty.
    ///   - keys: The keys to watch of the first of `suites` (as `gsettings monitor SCHEMA KEY`), whose other keys
    ///     are then left out; the other suites are watched whole. A key renamed is watched under its former names
    ///     too.
    ///   - json: Whether to print JSON lines.
    ///   - utc: Whether to print times in UTC.
    public init(suites: [String], keys: [String] = [], json: Bool = false, utc: Bool = false) {
        self.suites = suites
        self.keys = keys
        self.json = json
        self.utc = utc
    }

    /// Prints every change until the task is cancelled; a problem that interrupts the changes goes to standard
    /// error, one line each.
    ///
    /// - Parameter context: The store.
    /// - Throws: ``ToolError`` for a suite name the store cannot hold, keys without a suite, or a key a
    ///   schema that declares every key its store can hold does not declare; the store's error when its service
    ///   cannot start or dies.
    public func run(in context: ToolContext) async throws {
        // A watch that cannot print would run for ever for nobody.
        if StandardStreams.outputWasClosed { throw OutputFailure(errno: .badFileDescriptor) }
        let keyFilter = try checkedKeys(in: context)
        // Said once it is true: a change made after the note is printed, on a store that can start at once.
        let followed = try FollowedStore(suites: suites, in: context)
        defer { followed.stop() }
        let (store, events, wanted) = (followed.store, followed.events, followed.suites)
        let others = suites.count > 1 ? " and \(suites.count - 1) more suite(s)" : ""
        let watched =
            keyFilter.isEmpty
            ? followed.description
            : "\(keyFilter.sorted().map(ValueText.key).joined(separator: ", ")) of \(ValueText.key(suites[0]))"
                + "\(others) in \(followed.store.locationDescription)"
        Output.note("watching \(watched)")
        // The store's service delivers the changes; when it fails (a watch that died), so does the watch.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            group.addTask { try await print(events, wanted: wanted, keys: keyFilter, context: context) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Prints each change as it comes, and ends with ``OutputFailure`` once standard output fails.
    private func print(
        _ events: AsyncStream<SuiteStoreEvent>, wanted: Set<String>, keys: Set<String>, context: ToolContext
    ) async throws {
        var schemas: [String: PreferenceSchema?] = [:]
        for await event in events {
            switch event {
            case .changed(let changes):
                var lines: [String] = []
                for change in changes {
                    guard let suite = change.suite, wanted.isEmpty || wanted.contains(suite) else { continue }
                    if schemas[suite] == nil { schemas[suite] = .some((try? context.schema(for: suite)) ?? nil) }
                    let entry = schemas[suite]??.entry(forStoredKey: change.key)
                    guard
                        keys.isEmpty || suite != suites.first || keys.contains(change.key)
                            || entry.map({ keys.contains($0.id) }) == true
                    else { continue }
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

    /// The keys to watch, checked before anything is watched.
    ///
    /// Keys belong to the first suite; where its schema declares every key its store can hold (GSettings),
    /// a key it lacks could never change, so it is refused as `gsettings monitor` refuses it.
    private func checkedKeys(in context: ToolContext) throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        guard let suite = suites.first else {
            throw ToolError("keys are watched in one suite: give it first, as in prefs watch SUITE KEY", code: .usage)
        }
        for key in keys {
            try ValueText.checkKeyName(key)
            if let schema = try context.schema(for: suite), schema.holdsOnlyDeclaredKeys,
                schema.entry(forStoredKey: key) == nil
            {
                throw ToolError.notInSchema(key: key, suite: suite, action: "watch", schema: schema)
            }
        }
        return Set(keys)
    }
}
