/// A key named by its suite and its name: a bookmark, a key a search found.
public struct KeyOfSuite: Hashable, Sendable {
    public let suite: String
    public let key: String

    /// A key of a suite.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - key: The key's name.
    public init(suite: String, key: String) {
        self.suite = suite
        self.key = key
    }
}
