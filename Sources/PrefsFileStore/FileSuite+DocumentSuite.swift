public import PrefsCore
import PrefsStoreKit

extension FileSuite: DocumentSuite {
    public var documentFormat: String { format.rawValue }

    public var documentFormats: [String] { SuiteFileFormat.allCases.map(\.rawValue) }

    public var documentFormatDescription: String { format.description }

    public func storedForm(of value: PropertyListValue, inFormat format: String) -> PropertyListValue {
        value.stored(in: SuiteFileFormat(rawValue: format) ?? self.format)
    }

    /// Writes keys and keeps the file in a format from then on; see
    /// ``commit(_:recoveringCorruptFile:expecting:format:)``.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unrepresentable(suite:key:reason:)`` when the format cannot hold a value exactly,
    ///   or another ``/PrefsStoreKit/FileStoreError``; a format that is not `xml` or `binary` is refused as unrepresentable too.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], format: String) throws -> [PersistentKeyValueChange] {
        guard let target = SuiteFileFormat(rawValue: format) else {
            throw FileStoreError.unrepresentable(
                suite: name, key: changes.keys.sorted().first ?? "", reason: "a format other than xml or binary")
        }
        return try commit(changes, recoveringCorruptFile: false, format: target)
    }
}
