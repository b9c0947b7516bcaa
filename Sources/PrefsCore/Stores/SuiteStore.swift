/// A store of named suites — a directory of files, a database table — as tools that browse every suite see it.
///
/// Apps read and write one suite through ``PersistentKeyValueStore``; a command line or an editor lists the suites,
/// opens any of them, finds their schemas, and observes changes to all of them through this. What only some stores
/// can do is asked of a suite through its capability properties, never a cast: ``PersistentKeyValueStore/transactions``,
/// ``PersistentKeyValueStore/changeHistory``, ``PersistentKeyValueStore/diagnostics`` and
/// ``PersistentKeyValueStore/recovery``, and of the store through ``keyedAccess``.
///
/// Other processes' changes arrive only while ``run()`` runs: it owns the store's background work (a directory
/// watcher's thread, a database connection's listener), so that it starts and stops when the program says, as a
/// swift-service-lifecycle `Service` does. Reads and writes need no ``run()``.
public protocol SuiteStore: AnyObject, Sendable {
    /// Where the suites are, for people: a directory's path, a server's URL without its password.
    var locationDescription: String { get }

    /// Where the suites' schemas come from.
    var schemaSource: any PreferenceSchemaSource { get }

    /// The names of the suites that exist, sorted.
    ///
    /// - Throws: The store's error when they cannot be listed.
    func listSuites() throws -> [String]

    /// Opens a suite, which need not exist yet.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: The suite.
    /// - Throws: The store's error for a name it cannot hold, or a suite it cannot read.
    func anySuite(_ name: String) throws -> any PersistentKeyValueStore

    /// Checks that the store can hold a suite of this name, without reading the suite.
    ///
    /// - Parameter name: The suite's name.
    /// - Throws: The store's error for a name it cannot hold.
    func checkSuiteName(_ name: String) throws

    /// Observes every change to every suite, this process's and others', and the problems that interrupt them.
    ///
    /// - Parameters:
    ///   - handler: Called with each batch of changes.
    ///   - onProblem: Called when the store stops seeing other processes' changes for a while (a connection drops,
    ///     a watcher fails), with the reason; `nil` to ignore.
    /// - Returns: The observation; cancelling it stops the calls.
    func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation

    /// Observes every change to some suites, this process's and others', and the problems that interrupt them.
    ///
    /// A store that would otherwise read every suite to observe them all reads only these.
    ///
    /// - Parameters:
    ///   - suites: The suites' names.
    ///   - handler: Called with each batch of changes to them.
    ///   - onProblem: Called when the store stops seeing other processes' changes for a while, with the reason.
    /// - Returns: The observation; cancelling it stops the calls.
    func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation

    /// The store's access to named keys without reading their suite, when it has one; `nil` by default.
    ///
    /// A property rather than a cast (`as? any KeyedSuiteStore`): a cast that fails scans every protocol conformance
    /// in the program, milliseconds in a large static binary, which a command line process pays at every call.
    var keyedAccess: (any KeyedSuiteStore)? { get }

    /// Delivers other processes' changes until the task is cancelled.
    ///
    /// - Throws: The store's error when the background work cannot start or dies; observers are told too.
    func run() async throws

    /// How the store's own tool sets and resets a key (``NativeCommands``), when it has one; `nil` by default.
    var nativeCommands: (any NativeCommands)? { get }

    /// Starts delivering other processes' changes before this returns, for a program that says it is watching only
    /// once it is (`prefs watch`, `prefs record`); ``run()`` goes on reporting the watch's death.
    ///
    /// - Returns: A token that keeps the delivery going until cancelled; `nil` for a store that starts only in
    ///   ``run()`` (the default).
    /// - Throws: The store's error when the delivery cannot start.
    func startDelivering() throws -> PersistentKeyValueObservation?

    /// The folders the store gathers its suites in for people, by the start their names share, each with its title:
    /// a Flatpak app's schemas under the app's name (`org.gnome.Calculator/` → `Calculator (org.gnome.Calculator)`).
    ///
    /// The editor lists each as one folder; none by default. A store that cannot tell lists none, and its listing
    /// says why. Titles are text read from files, escaped where they are shown.
    ///
    /// - Returns: Each folder's title, by the start of its suites' names.
    func suiteFolderTitles() -> [String: String]
}

// MARK: - Default implementations

extension SuiteStore {
    /// Opens the suite, which checks its name; a store that can check a name alone does so without reading.
    public func checkSuiteName(_ name: String) throws {
        _ = try anySuite(name)
    }

    /// Observes every change to every suite, this process's and others'.
    ///
    /// - Parameter handler: Called with each batch of changes.
    /// - Returns: The observation; cancelling it stops the calls.
    public func addObserver(_ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void)
        -> PersistentKeyValueObservation
    {
        addObserver(handler, onProblem: nil)
    }

    public var keyedAccess: (any KeyedSuiteStore)? { nil }

    public func startDelivering() throws -> PersistentKeyValueObservation? { nil }

    public var nativeCommands: (any NativeCommands)? { nil }

    public func suiteFolderTitles() -> [String: String] { [:] }

    /// Observes every change to every suite and keeps those of some suites.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        addObserver(PersistentKeyValueChange.forwarding(suites, to: handler), onProblem: onProblem)
    }

    /// Whether a suite exists: it holds a key, or has a schema.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: Whether it exists.
    public func containsSuite(_ name: String) -> Bool {
        ((try? listSuites()) ?? []).contains(name) || ((try? schemaSource.schemaSuites()) ?? []).contains(name)
    }
}

// MARK: - API

/// What a ``SuiteStore`` reports to a consumer of ``SuiteStore/events(of:bufferingPolicy:)``.
public enum SuiteStoreEvent: Sendable {
    /// Changes to keys, in the order they were made.
    case changed([PersistentKeyValueChange])
    /// The store stopped seeing other processes' changes for a while, for this reason.
    case problem(String)
}

extension SuiteStore {
    /// Every change to every suite, or to some, and every problem, as an async sequence.
    ///
    /// Changes arrive in the order the store saw them. With the default policy nothing is dropped: a slow consumer
    /// receives every batch, later. Events start at the call; the current values are not delivered first.
    ///
    /// - Parameters:
    ///   - suites: The suites to observe; every suite when `nil`.
    ///   - bufferingPolicy: What to keep when the consumer falls behind.
    /// - Returns: A stream that ends when the consumer stops iterating.
    public func events(
        of suites: Set<String>? = nil,
        bufferingPolicy: AsyncStream<SuiteStoreEvent>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<SuiteStoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SuiteStoreEvent.self, bufferingPolicy: bufferingPolicy)
        let handler: @Sendable ([PersistentKeyValueChange]) -> Void = { continuation.yield(.changed($0)) }
        let onProblem: @Sendable (any Error) -> Void = { continuation.yield(.problem("\($0)")) }
        let observation =
            if let suites {
                addObserver(ofSuites: suites, handler, onProblem: onProblem)
            } else {
                addObserver(handler, onProblem: onProblem)
            }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }
}
