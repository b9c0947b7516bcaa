/// One row of the suites screen: a suite, or a folder of the tree gathering the suites whose names go on past it.
public struct SuiteRow: Hashable, Sendable {
    /// The suite's whole name; a folder's is the start its suites share, separator included (`org.gnome.`).
    public let name: String
    /// How many keys are stored; a folder's, how many its suites store together.
    public let storedKeys: Int
    /// How many more keys only a system layer sets.
    public var systemKeys = 0
    /// Whether a schema is installed for it.
    public let hasSchema: Bool
    /// How many keys its schema declares, where the schema source can tell cheaply.
    public var declaredKeys: Int?
    /// Why the suite cannot be read, when it cannot; a store's folder, why the store could not be listed.
    public let problem: String?
    /// How many suites the folder gathers, or `nil` for a suite.
    public var folderSuites: Int?
    /// What the row shows: the name past the folder open (`interface` in `org.gnome.desktop.`); the whole name when
    /// `nil`.
    public var shownName: String?

    /// Whether the row is a folder of the tree rather than a suite.
    public var isFolder: Bool { folderSuites != nil }
}
