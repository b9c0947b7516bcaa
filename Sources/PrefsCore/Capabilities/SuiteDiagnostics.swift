/// A suite that can say where it is kept and why it cannot be used, for the people looking at it.
///
/// The file store names the suite's file and the reason it is unreadable; the PostgreSQL store names its server and
/// table, and says when it is not connected. The editor and `prefs` show these for any store that adopts this.
public protocol SuiteDiagnostics: AnyObject {
    /// Where the suite is kept, for people: a file's path, a server's URL without its password and the suite's name.
    var locationDescription: String { get }

    /// Why the suite cannot be read or written now, or `nil` when it can; its description is one line.
    var suiteProblem: (any Error)? { get }

    /// The stored entries the store read but could not decode, by key, each with what it holds: left out of the
    /// suite's values, so tools report them rather than skip them.
    var undecodableEntries: [String: String] { get }
}

// MARK: - Default implementations

extension SuiteDiagnostics {
    /// None: a store whose format holds only what it can decode, or that refuses the whole suite instead.
    public var undecodableEntries: [String: String] { [:] }
}
