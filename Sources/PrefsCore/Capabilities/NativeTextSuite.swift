/// A suite that takes a value as text in its store's own syntax, which gives the value its exact type: GVariant text
/// for GNOME's settings (`uint32 5`, `(1, 'a')`, `@as []`), as `dconf write` takes it.
///
/// `prefs write --type SYNTAX` writes through it; other tools reach a suite through
/// ``PersistentKeyValueStore/nativeText`` and never by casting it.
public protocol NativeTextSuite: Sendable {
    /// The syntax's name, as `--type` takes it: `gvariant`.
    var nativeSyntax: String { get }

    /// The type a key's value is stored as, in the store's own words, when they say more than the property-list
    /// type: `GVariant a{sv}` for a dconf key.
    ///
    /// - Parameter key: The key.
    /// - Returns: The type, or `nil` when the key is not stored or is of no type the store names.
    func nativeTypeName(forKey key: String) -> String?

    /// Parses text in the syntax and writes it to a key, as one change.
    ///
    /// - Parameters:
    ///   - text: The value, in the store's syntax.
    ///   - key: The key.
    /// - Returns: The changes that took effect: none when the key already held the value.
    /// - Throws: The store's error when the text does not parse, does not fit the key's declared type, or the key
    ///   cannot be written; nothing is written then.
    @discardableResult
    func writeNativeText(_ text: String, forKey key: String) throws -> [PersistentKeyValueChange]
}
