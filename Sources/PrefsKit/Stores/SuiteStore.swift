/// A store of named suites — a directory of files, a database table — as tools that browse every suite see it.
///
/// Apps read and write one suite through ``PersistentKeyValueStore``; a command line or an editor lists the suites,
/// opens any of them, and observes changes to all of them through this.
public protocol SuiteStore: AnyObject, Sendable {
    /// Where the suites are, for people: a directory's path, a server's URL without its password.
    var locationDescription: String { get }

    /// The names of the suites that exist.
    func suiteNames() -> [String]

    /// Opens a suite, which need not exist yet.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: The suite.
    /// - Throws: The store's error for a name it cannot hold.
    func anySuite(_ name: String) throws -> any PersistentKeyValueStore

    /// Observes every change to every suite, this process's and others'.
    ///
    /// - Parameter handler: Called with each batch of changes.
    /// - Returns: The observation; cancelling it stops the calls.
    func addObserver(_ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void)
        -> PersistentKeyValueObservation
}
