public import PrefsCore
import PrefsGLib
public import PrefsStoreKit

extension GSettingsSuite: JournaledSuite {
    public var journal: SuiteJournal { store.journal }
    public var journalName: String { location.journalName }
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
