import Logging

/// A place where preferences are kept: UserDefaults, a file, memory, a database.
///
/// A store deals only in ``PropertyListValue``s keyed by string; the typed API (`get`, `set`, `remove`, the subscript,
/// `inspect`, observation) is built on these requirements for every store alike, so a new backend needs nothing but
/// them.
///
/// - Important: The protocol does not require `Sendable`, because Foundation marks `UserDefaults` non-Sendable on
///   Linux. Stores that are thread-safe, which all of PrefsKit's are, say so with their own conformance.
public protocol PersistentKeyValueStore: AnyObject {
    /// The primitive the user's layer holds under a key, or `nil` when it holds nothing.
    ///
    /// System layers and locks are not applied here: tools that copy, export or undo the user's values need them as
    /// they are. Reads through a key (``get(_:)``, ``inspect(_:)``) and ``effectiveValue(forKey:)`` apply
    /// ``systemLayers``.
    ///
    /// - Parameter key: The key's identifier.
    /// - Returns: The stored primitive.
    func primitiveValue(forKey key: String) -> PropertyListValue?

    /// Stores a primitive under a key, or removes the key when `value` is `nil`, and posts the change to
    /// ``changeNotifier``.
    ///
    /// - Parameters:
    ///   - value: The primitive to store, or `nil` to remove the key.
    ///   - key: The key's identifier.
    /// - Throws: ``PersistentKeyValueStoreError`` when the store cannot be written; nothing is changed then.
    func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) throws(PersistentKeyValueStoreError)

    /// Applies several changes at once; a store that can commit them atomically does so.
    ///
    /// - Parameter changes: The primitive to store for each key, or `nil` to remove it.
    /// - Throws: ``PersistentKeyValueStoreError`` when the store cannot be written.
    func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError)

    /// Everything the store holds, by key.
    func primitiveValues() -> [String: PropertyListValue]

    /// Where this store posts its changes, for observers in this process.
    var changeNotifier: PersistentKeyValueChangeNotifier { get }

    /// The launch arguments that override this store's values when read through a key.
    var launchArguments: LaunchArguments { get }

    /// Called when a non-throwing write such as ``set(_:to:)`` fails, so that the failure is never silent.
    ///
    /// - Parameter error: The failure.
    func reportWriteFailure(_ error: PersistentKeyValueStoreError)

    /// The value as this store would keep it: the same value, unless the store's format cannot hold it exactly.
    ///
    /// A file suite keeps dates to the whole second, as XML property lists do, so a date with a fraction comes back
    /// without it. Tools compare the two to refuse a write that would not keep what a person typed.
    ///
    /// - Parameter value: A value to store.
    /// - Returns: What a read would return after storing it.
    func storedForm(of value: PropertyListValue) -> PropertyListValue

    /// This suite's writes of several keys as one, when it has them; `nil` by default.
    ///
    /// Capabilities are properties rather than casts (`as? any TransactionalSuite`): a cast that fails scans every
    /// protocol conformance in the program, milliseconds in a large static binary, and a property says in the type
    /// what a store offers.
    var transactions: (any TransactionalSuite)? { get }

    /// This suite's history of changes (who changed what, when), when it keeps one; `nil` by default.
    var changeHistory: (any PersistentKeyValueHistory)? { get }

    /// Where this suite is kept and why it cannot be used, when it can say; `nil` by default.
    var diagnostics: (any SuiteDiagnostics)? { get }

    /// How this suite's unreadable data can be moved aside, when it can be; `nil` by default.
    var recovery: (any RecoverableSuite)? { get }

    /// The format of the document this suite is kept as, when it is one; `nil` by default.
    var document: (any DocumentSuite)? { get }

    /// How this suite is removed whole, when its store can remove more than its keys; `nil` by default.
    var removal: (any RemovableSuite)? { get }

    /// The values a system sets beneath the user's and the keys it locks, as the store last read them; `nil` by
    /// default, for a store with no system layers.
    ///
    /// A store that adopts layers refuses writes to locked keys with ``PersistentKeyValueStoreError/Reason/locked``.
    var liveSystemLayers: LiveSystemLayers? { get }

    /// Why a key cannot be written here, or `nil` when it can; `nil` by default.
    ///
    /// A key a system administrator locked says so, naming the lock. Tools ask before they offer to edit a key; a write to
    /// such a key is refused by the store all the same.
    ///
    /// - Parameter key: The key.
    /// - Returns: The reason, on one line, or `nil`.
    func readOnlyReason(forKey key: String) -> String?
    /// The keys that no longer hold what a caller read, sorted: what another writer changed since.
    ///
    /// A store whose keys have two faces says here what "holds" means: a KConfig `[$e]` entry holds both its text
    /// (`$HOME/x`, as its history records it) and what that expands to (as reads give it).
    ///
    /// - Parameter expected: What each key held when read; `nil` means not stored.
    /// - Returns: The keys whose stored value is now something else.
    func keys(differingFrom expected: [String: PropertyListValue?]) -> [String]
    /// The text a key's value expands from, when the store expands values as it reads them (a KConfig `[$e]`
    /// entry): `$HOME/Documents` for `/home/ada/Documents`; `nil` by default.
    ///
    /// - Parameter key: The key.
    /// - Returns: The text as stored, or `nil` when the value is stored as it reads.
    func unexpandedText(forKey key: String) -> String?
    /// Writes keys from text in the store's own value syntax, and names their types in its own words, where it has
    /// them: GVariant text and types for GNOME's settings (`prefs write --type gvariant`); `nil` by default.
    var nativeText: (any NativeTextSuite)? { get }
}

// MARK: - Default implementations

extension PersistentKeyValueStore {
    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError) {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            try setPrimitiveValue(value, forKey: key)
        }
    }

    /// The value itself: a store keeps what it is given unless it says otherwise.
    public func storedForm(of value: PropertyListValue) -> PropertyListValue { value }

    public var transactions: (any TransactionalSuite)? { nil }

    public var changeHistory: (any PersistentKeyValueHistory)? { nil }

    public var diagnostics: (any SuiteDiagnostics)? { nil }

    public var recovery: (any RecoverableSuite)? { nil }

    public var document: (any DocumentSuite)? { nil }

    public var removal: (any RemovableSuite)? { nil }

    public func readOnlyReason(forKey key: String) -> String? {
        systemLayers.locks.lock(forKey: key).map { "locked by \($0)" }
    }

    public var liveSystemLayers: LiveSystemLayers? { nil }
    public func unexpandedText(forKey key: String) -> String? { nil }
    public var nativeText: (any NativeTextSuite)? { nil }

    /// The system layers now: ``liveSystemLayers``' current ones, else ``SystemLayers/none``.
    @inlinable
    public var systemLayers: SystemLayers { liveSystemLayers?.current ?? .none }

    /// Logs the failure as an error through ``PrefsLogging/logger``, as one line.
    public func reportWriteFailure(_ error: PersistentKeyValueStoreError) {
        PrefsLogging.logger.error(
            "\(TextEscaping.escaped("\(error)"))", metadata: ["store": "\(type(of: self))"])
    }
}
