public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Which changes `prefs log` lists: of a suite or of every suite, of a key, in a span of time, by a writer.
public struct LogQuery: Sendable {
    /// The suite; every suite when `nil`.
    public var suite: String?
    /// Only this key's changes.
    public var key: String?
    /// Only changes made at or after this moment.
    public var since: Date?
    /// Only changes made at or before this moment.
    public var until: Date?
    /// Only changes whose writer, as the log names it (`prefs tui pid 812 on host`, `gsettings pid 4242`,
    /// `writer not recorded`), holds this text, whatever its case.
    public var writer: String?
    /// Only the newest changes, this many.
    public var limit: Int?

    /// Creates a query.
    public init(
        suite: String? = nil, key: String? = nil, since: Date? = nil, until: Date? = nil, writer: String? = nil,
        limit: Int? = nil
    ) {
        (self.suite, self.key, self.since, self.until) = (suite, key, since, until)
        (self.writer, self.limit) = (writer, limit)
    }

    /// Whether a change is one the query asks for, its suite and key aside (the history was read for them).
    ///
    /// A change the history holds no time for is outside every span of time.
    public func admits(_ change: PersistentKeyValueChange) -> Bool {
        if since != nil || until != nil {
            guard let time = change.writer?.time else { return false }
            if let since, time < since { return false }
            if let until, time > until { return false }
        }
        if let writer, !writer.isEmpty {
            return ChangeText.writer(change).lowercased().contains(writer.lowercased())
        }
        return true
    }
}
