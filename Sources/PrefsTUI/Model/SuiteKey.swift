/// A key of a suite, or the suite itself: what the editor's per-key state (pending edits, highlights, marks) is kept
/// by.
struct SuiteKey: Hashable {
    /// The suite.
    let suite: String
    /// The key; `nil` for the suite's own row.
    let key: String?

    init(suite: String, key: String?) {
        self.suite = suite
        self.key = key
    }
}
