import PrefsCore

extension ToolContext {
    /// Every suite: those holding keys and those only a schema declares, sorted as people count (`app2` before
    /// `app10`, ``NaturalOrder``), as the editor lists them.
    ///
    /// - Throws: The store's error when it cannot be listed.
    public func suiteNames() throws -> [String] {
        Set(try storedSuiteNames()).union(try schemas().schemaSuites()).sorted(by: NaturalOrder.precedes)
    }

    /// The suites the store holds, unsorted, schemas' suites left out: for a caller that lists the schemas' own
    /// (the editor, whose schemas may have an app's in front), so that neither is listed twice.
    ///
    /// - Returns: The names; none when the store does not exist.
    /// - Throws: The store's error when it cannot list them.
    public func storedSuiteNames() throws -> [String] {
        try store(creating: false)?.listSuites() ?? []
    }

    /// Checks a suite's name without opening anything that does not exist.
    ///
    /// - Throws: The store's error for a name it cannot hold.
    public func checkName(_ name: String) throws {
        if let store = try store(creating: false) {
            try store.checkSuiteName(name)
        } else {
            _ = try schemas().schema(for: name)
        }
    }

    /// The error for a suite that does not exist, naming the nearest suites the store holds or has schemas for.
    ///
    /// - Parameter name: The suite's name, as typed.
    /// - Returns: The error: `no suite "com.nu.trem" in …; did you mean "com.nu.term"?`.
    public func missing(_ name: String) -> ToolError {
        // Only a hint: a store that cannot list its suites leaves it out.
        let stored = (try? store(creating: false)?.listSuites()) ?? nil
        let known = (stored ?? []) + ((try? schemas().schemaSuites()) ?? [])
        let hint = NearestNames.question(for: name, among: Array(Set(known)).sorted()).map { "; \($0)" } ?? ""
        return ToolError(
            "no suite \(TextEscaping.quoted(name)) in \(TextEscaping.escaped(locationDescription))\(hint)",
            code: .noSuite)
    }
}
