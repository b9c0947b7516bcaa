/// A suite kept as one document whose format can change, such as a property-list file that is XML or binary.
///
/// Tools show the format (`prefs describe`, the editor's details) and let a write choose it (`prefs write --format`),
/// for any store that adopts this.
public protocol DocumentSuite: AnyObject {
    /// The format the suite is kept in now, by name, such as `xml` or `binary`.
    var documentFormat: String { get }

    /// Every format the suite can be kept in, by name.
    var documentFormats: [String] { get }

    /// The format it is kept in now, for people, such as "binary property list".
    var documentFormatDescription: String { get }

    /// The value as the suite would keep it in a format: what a read would return after storing it.
    ///
    /// - Parameters:
    ///   - value: A value to store.
    ///   - format: One of ``documentFormats``.
    /// - Returns: The value as it would be kept.
    func storedForm(of value: PropertyListValue, inFormat format: String) -> PropertyListValue

    /// Stores and removes keys as one write, keeping the whole suite in a format from then on.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - format: One of ``documentFormats``.
    /// - Returns: The changes that took effect.
    /// - Throws: The store's error when the format cannot hold a value exactly, or the write fails; nothing is
    ///   written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?], format: String) throws -> [PersistentKeyValueChange]
}
