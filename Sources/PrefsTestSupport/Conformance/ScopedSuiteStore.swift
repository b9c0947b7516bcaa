public import PrefsKit

/// A store of suites that lives for one check, with whatever it needs removed afterwards.
public final class ScopedSuiteStore: @unchecked Sendable {
    /// The store under test, empty.
    public let store: any SuiteStore
    /// Opens a second store on the same data, as another process (or machine) would.
    public let reopen: @Sendable () throws -> any SuiteStore
    /// Whether the store's suites keep a history (``/PrefsCore/PersistentKeyValueHistory``): a store that should and
    /// does not fails the history check.
    public let keepsHistory: Bool
    /// Whether the store's suites are the schemas installed, as GSettings' are: a suite nobody wrote to is then
    /// still one the schemas list, though not one that holds keys.
    public let suitesAreSchemas: Bool
    private let resources: [AnyObject]

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - store: The store under test, empty.
    ///   - reopen: Opens a second store on the same data.
    ///   - keepsHistory: Whether its suites keep a history.
    ///   - suitesAreSchemas: Whether its suites are the schemas installed.
    ///   - resources: Objects to keep alive for the scope's lifetime and release, which cleans them up, afterwards.
    public init(
        store: any SuiteStore, reopen: @escaping @Sendable () throws -> any SuiteStore, keepsHistory: Bool,
        suitesAreSchemas: Bool = false, resources: [AnyObject] = []
    ) {
        self.suitesAreSchemas = suitesAreSchemas
        self.store = store
        self.reopen = reopen
        self.keepsHistory = keepsHistory
        self.resources = resources
    }
}
