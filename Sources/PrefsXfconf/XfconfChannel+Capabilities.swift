public import PrefsCore
import PrefsGLib
import PrefsStoreKit

extension XfconfChannel: TransactionalSuite {
    public var transactions: (any TransactionalSuite)? { self }
    public var changeHistory: (any PersistentKeyValueHistory)? { self }
    public var diagnostics: (any SuiteDiagnostics)? { self }
    public var liveSystemLayers: LiveSystemLayers? { layers }

    /// Writes several properties (``commit(_:expecting:)``).
    ///
    /// - Parameter changes: The value to store for each property, or `nil` to reset it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``XfconfStoreError``; nothing is written then, unless the bus failed half way.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange] {
        try commit(changes, expecting: [:])
    }

    /// The channel's properties, sorted.
    public func sortedKeys() -> [String] {
        primitiveValues().keys.sorted()
    }
}

extension XfconfChannel: PersistentKeyValueHistory {
    /// The changes `prefs` and PrefsKit made, from the channel's journal, oldest first; another program's changes are
    /// recorded as an unknown writer's when a watcher saw them.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        store.journal.history(suite: name, key: key, limit: limit)
    }
}

extension XfconfChannel: SuiteDiagnostics {
    public var locationDescription: String { "Xfconf channel \(name) (xfconfd)" }

    /// None: a channel is opened by asking xfconfd for its properties, so one that could not be read was never
    /// opened, and each later read that fails says why.
    public var suiteProblem: (any Error)? { nil }
}

extension XfconfChannel: NativeTextSuite {
    public var nativeText: (any NativeTextSuite)? { self }
    public var nativeSyntax: String { "gvariant" }

    /// The type xfconfd holds the property as, in `xfconf-query`'s words: `Xfconf int`, `Xfconf uint64`.
    public func nativeTypeName(forKey key: String) -> String? {
        // A property that cannot be read has no type to name; read-type still names its value's.
        (try? bus.property(key, of: name))?.map { "Xfconf \(XfconfValues.typeName(of: $0))" } ?? nil
    }

    /// Writes GVariant text, with the type the text gives it (`uint32 5`), when Xfconf holds that type.
    @discardableResult
    public func writeNativeText(_ text: String, forKey key: String) throws -> [PersistentKeyValueChange] {
        try commit(inputs: [key: .text(text)], expecting: [:])
    }
}
