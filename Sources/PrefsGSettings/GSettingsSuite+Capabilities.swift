public import PrefsCore
import PrefsGLib
import PrefsStoreKit

extension GSettingsSuite: TransactionalSuite {
    public var transactions: (any TransactionalSuite)? { self }

    public var changeHistory: (any PersistentKeyValueHistory)? { self }

    public var diagnostics: (any SuiteDiagnostics)? { self }

    /// Writes several keys as one dconf change (``commit(_:expecting:)``).
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to reset it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``GSettingsStoreError``; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange] {
        try commit(changes, expecting: [:])
    }

    /// The keys a user set, sorted.
    public func sortedKeys() -> [String] {
        primitiveValues().keys.sorted()
    }
}

extension GSettingsSuite: PersistentKeyValueHistory {
    /// The changes `prefs` and PrefsKit made, from the suite's journal, oldest first; another program's changes are
    /// recorded as an unknown writer's when a watcher saw them.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        store.journal.history(suite: location.journalName, key: key, limit: limit)
    }
}

extension GSettingsSuite: SuiteDiagnostics {
    public var locationDescription: String {
        let path = location.path ?? files?.schema.path ?? settingsForReading?.schema.path
        return "dconf path \(path ?? "?") (GSettings schema \(location.schema))"
    }

    /// Why the suite cannot be written: GSettings without a dconf backend keeps values in memory only.
    public var suiteProblem: (any Error)? { store.backendProblem }
}

extension GSettingsSuite: NativeTextSuite {
    public var nativeText: (any NativeTextSuite)? { self }
    public var nativeSyntax: String { "gvariant" }

    /// The GVariant type the schema gives the key.
    public func nativeTypeName(forKey key: String) -> String? {
        if let found = fromFiles({ files throws(GLibFile.Unreadable) in try files.key(key) }) {
            return found.map { "GVariant \($0.type.string)" }
        }
        guard let settings = settingsForReading else { return nil }
        return GIOLock.run { settings.schema.key(key).map { "GVariant \($0.typeString)" } }
    }

    /// Writes GVariant text, read as the key's type (`'24h'`, `(1, 2)`) and checked against its range and choices
    /// as every write is.
    @discardableResult
    public func writeNativeText(_ text: String, forKey key: String) throws -> [PersistentKeyValueChange] {
        let settings = try settings()
        let value = try GIOLock.run { () throws(GSettingsStoreError) -> PropertyListValue in
            guard let type = settings.schema.key(key)?.typeString else { throw .unknownKey(suite: name, key: key) }
            do {
                return VariantConversion.value(of: try Variant.parse(text, as: type))
            } catch {
                throw .invalidValue(
                    suite: name, key: key,
                    reason: "\(TextEscaping.quoted(text, limit: 60)) is not GVariant text of type \(type): \(error)")
            }
        }
        return try commit([key: value], expecting: [:])
    }
}
