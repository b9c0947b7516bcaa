/// How a store's own tool sets and resets a key: the words of `gsettings set` for GNOME's settings, of
/// `defaults write` for the property-list suites `UserDefaults` reads, so that `prefs record --format native` writes
/// a script that replays without `prefs`, on a GNOME machine or a Mac.
///
/// A store offers it through ``SuiteStore/nativeCommands``, a property rather than a cast.
public protocol NativeCommands: Sendable {
    /// The tool's name, for a script's header: `gsettings`, `defaults`.
    var toolName: String { get }

    /// The words that give a key a value with the tool.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key.
    ///   - suite: The suite.
    /// - Returns: The words, the tool's name first; `nil` when the tool cannot say the value exactly.
    func setting(_ value: PropertyListValue, forKey key: String, inSuite suite: String) -> [String]?

    /// The words, the tool's name first, that remove a key so that it reads as its default.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: The suite.
    /// - Returns: The words.
    func removing(key: String, inSuite suite: String) -> [String]
}
