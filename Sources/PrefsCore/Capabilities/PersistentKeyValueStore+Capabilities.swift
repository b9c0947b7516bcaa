/// Each capability a suite conforms to is the suite itself: a store declares `TransactionalSuite` or
/// `PersistentKeyValueHistory` and is found to have it, with no witness of its own to forget or to copy.
extension PersistentKeyValueStore where Self: PersistentKeyValueHistory {
    public var changeHistory: (any PersistentKeyValueHistory)? { self }
}

extension PersistentKeyValueStore where Self: SuiteDiagnostics {
    public var diagnostics: (any SuiteDiagnostics)? { self }
}

extension PersistentKeyValueStore where Self: NativeTextSuite {
    public var nativeText: (any NativeTextSuite)? { self }
}

extension PersistentKeyValueStore where Self: RecoverableSuite {
    public var recovery: (any RecoverableSuite)? { self }
}

extension PersistentKeyValueStore where Self: DocumentSuite {
    public var document: (any DocumentSuite)? { self }
}

extension PersistentKeyValueStore where Self: RemovableSuite {
    public var removal: (any RemovableSuite)? { self }
}

extension TransactionalSuite {
    public var transactions: (any TransactionalSuite)? { self }

    /// Writes one key as a write of several (``commit(_:)``).
    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) throws(PersistentKeyValueStoreError)
    {
        try setPrimitiveValues([key: value])
    }

    /// Writes the keys as one (``commit(_:)``), and throws what the store's write threw as the typed API's error
    /// (``PersistentKeyValueStoreError/init(converting:)``).
    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError) {
        do {
            try commit(changes)
        } catch {
            throw PersistentKeyValueStoreError(converting: error)
        }
    }

    /// The keys the suite holds, sorted, from ``PersistentKeyValueStore/primitiveValues()``.
    public func sortedKeys() -> [String] {
        primitiveValues().keys.sorted()
    }
}
