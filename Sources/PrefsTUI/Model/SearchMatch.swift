/// A key that `/` on the suites screen found in some suite: by its name, its value, or its documentation.
public struct SearchMatch: Hashable, Sendable {
    public let suite: String
    public let key: String

    /// Creates a match.
    public init(suite: String, key: String) {
        self.suite = suite
        self.key = key
    }
}
