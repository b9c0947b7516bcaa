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
    /// The name of a suite the checks call `name`: the same, or what the store's suites must be called (KConfig's
    /// files end in `rc`).
    public let suiteName: @Sendable (String) -> String
    /// What a suite reads back after a value is written to a key no schema types: the same value, or the text a
    /// store of text keeps (`1` for 1, `true` for true).
    public let storedForm: @Sendable (PropertyListValue) -> PropertyListValue
    /// What the store's key names start with (`/` for Xfconf's property paths): the checks' suites are views without
    /// it, and the changes and history they read carry it.
    public let keyPrefix: String
    /// Writes text to a key as another program does, with the store's own tool or format (`gsettings set`, a file
    /// rewritten), given the suite's and the key's names in the store; `nil` for a store no other program writes.
    public let foreignWrite: (@Sendable (_ suite: String, _ key: String, _ text: String) throws -> Void)?
    /// A suite a schema types (its name in the store), whose schema declares the conformance keys' `counter` as an
    /// integer; `nil` for a store that keeps no schemas.
    public let schemaSuite: String?
    /// Holds what a suite's writers wait for, as another process does, given the suite's name in the store; `nil`
    /// for a store whose writers wait on nothing another process holds.
    public let holdWrites: (@Sendable (_ suite: String) throws -> WriteHold)?
    private let resources: [AnyObject]

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - store: The store under test, empty.
    ///   - reopen: Opens a second store on the same data.
    ///   - keepsHistory: Whether its suites keep a history.
    ///   - suitesAreSchemas: Whether its suites are the schemas installed.
    ///   - suiteName: The name of a suite the checks call by another; the same by default.
    ///   - storedForm: What a suite reads back of a value written to a key no schema types; the same by default.
    ///   - keyPrefix: What the store's key names start with; nothing by default.
    ///   - foreignWrite: Writes text to a key as another program does; `nil` for a store no other program writes.
    ///   - schemaSuite: A suite a schema types, declaring an integer `counter`; `nil` for a store without schemas.
    ///   - holdWrites: Holds a suite's writers off as another process does; `nil` when none can.
    ///   - resources: Objects to keep alive for the scope's lifetime and release, which cleans them up, afterwards.
    public init(
        store: any SuiteStore, reopen: @escaping @Sendable () throws -> any SuiteStore, keepsHistory: Bool,
        suitesAreSchemas: Bool = false, suiteName: @escaping @Sendable (String) -> String = { $0 },
        storedForm: @escaping @Sendable (PropertyListValue) -> PropertyListValue = { $0 }, keyPrefix: String = "",
        foreignWrite: (@Sendable (_ suite: String, _ key: String, _ text: String) throws -> Void)? = nil,
        schemaSuite: String? = nil, holdWrites: (@Sendable (_ suite: String) throws -> WriteHold)? = nil,
        resources: [AnyObject] = []
    ) {
        self.schemaSuite = schemaSuite
        self.holdWrites = holdWrites
        self.foreignWrite = foreignWrite
        self.keyPrefix = keyPrefix
        self.suitesAreSchemas = suitesAreSchemas
        self.suiteName = suiteName
        self.storedForm = storedForm
        self.store = store
        self.reopen = reopen
        self.keepsHistory = keepsHistory
        self.resources = resources
    }

    /// A suite of the store under test, by the name the checks call it.
    func suite(_ name: String, of store: (any SuiteStore)? = nil) throws -> any PersistentKeyValueStore {
        try suite(storedAs: suiteName(name), of: store)
    }

    /// A suite of the store under test, by its name in the store.
    func suite(storedAs name: String, of store: (any SuiteStore)? = nil) throws -> any PersistentKeyValueStore {
        let suite = try (store ?? self.store).anySuite(name)
        return keyPrefix.isEmpty ? suite : PrefixedPersistentKeyValueStore(suite, prefix: keyPrefix)
    }

    /// A key's name in the store, as its changes and history carry it.
    func key(_ name: String) -> String { keyPrefix + name }
}
