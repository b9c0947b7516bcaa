public import PrefsCore

/// A failure a tool reports as it is: one line, printed by `prefs` as `prefs: <description>` with exit status 1.
public struct ToolError: CodedError, Sendable, CustomStringConvertible {
    public let description: String
    public let code: ErrorCode

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - description: One line saying what is wrong.
    ///   - code: Its kind, for `--json`.
    public init(_ description: String, code: ErrorCode = .failed) {
        self.description = description
        self.code = code
    }

    /// A suite without a schema where a command needs one.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - hint: What to do instead, when there is something.
    /// - Returns: The error.
    public static func noSchema(for suite: String, hint: String? = nil) -> ToolError {
        ToolError(
            "no schema is installed for suite \(TextEscaping.quoted(suite))" + (hint.map { "; \($0)" } ?? ""),
            code: .noSchema)
    }

    /// A key the suite's schema does not declare, which `write` and `import` take only with `--force`, and only
    /// where the suite can hold keys its schema lacks.
    static func notInSchema(key: String, suite: String, action: String, schema: PreferenceSchema) -> ToolError {
        let near = NearestNames.question(for: key, among: schema.entries.map(\.id))
        let way =
            schema.holdsOnlyDeclaredKeys
            ? ["this suite holds only the keys its schema declares", near]
            : [(near.map { "\($0) " } ?? "") + "use --force to \(action) it anyway"]
        return ToolError(
            "key \(TextEscaping.quoted(key)) is not in the schema of suite \(TextEscaping.quoted(suite)); "
                + way.compactMap { $0 }.joined(separator: "; "), code: .notInSchema)
    }

    /// Refuses a key the suite's schema does not declare, unless `force` is given where the suite can hold it.
    ///
    /// The one rule of `write`, `import` and the editor's commands for undeclared keys.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: The suite.
    ///   - action: What is refused, for the message (`write`, `import`).
    ///   - schema: The suite's schema, if it has one.
    ///   - force: Whether the user asked to go ahead anyway.
    /// - Throws: ``notInSchema(key:suite:action:schema:)``.
    static func checkDeclared(
        _ key: String, suite: String, action: String, schema: PreferenceSchema?, force: Bool
    ) throws(ToolError) {
        guard let schema, schema[key] == nil else { return }
        if force && !schema.holdsOnlyDeclaredKeys { return }
        throw notInSchema(key: key, suite: suite, action: action, schema: schema)
    }
}
