public import Logging

/// Where PrefsKit and its stores report what they cannot throw: a non-throwing write that failed, a directory watch
/// or a database listener that died.
///
/// Diagnostics go through swift-log, so that an app sends them wherever its other logs go
/// (`LoggingSystem.bootstrap`). Without a bootstrap, swift-log writes them to standard error. Each message is one line,
/// with control characters escaped, and names the store in its metadata.
public enum PrefsLogging {
    /// The logger PrefsKit and the file store report to, labelled `PrefsKit`; the PostgreSQL store's is labelled
    /// `PrefsPostgres`.
    public static let logger = Logger(label: "PrefsKit")
}
