/// One suite as the suites screen lists it.
public struct SuiteRow: Hashable, Sendable {
    public let name: String
    /// How many keys are stored.
    public let storedKeys: Int
    /// How many more keys only a system layer sets.
    public var systemKeys = 0
    /// Whether a schema is installed for it.
    public let hasSchema: Bool
    /// How many keys its schema declares, where the schema source can tell cheaply.
    public var declaredKeys: Int?
    /// Why the suite cannot be read, when it cannot.
    public let problem: String?
}
