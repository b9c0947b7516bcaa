/// The version `prefs --version` prints, in one place for the short path and argument-parser's.
public enum PrefsVersion {
    /// The version, as semantic versioning writes it.
    public static let current = "0.4.0"
}
