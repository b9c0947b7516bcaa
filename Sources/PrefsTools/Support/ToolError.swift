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

    /// A key the suite's schema does not declare, which `write` and `import` take only with `--force`.
    static func notInSchema(key: String, suite: String, action: String, schema: PreferenceSchema) -> ToolError {
        let near = NearestNames.question(for: key, among: schema.entries.map(\.id)).map { "\($0) " } ?? ""
        return ToolError(
            "key \(TextEscaping.quoted(key)) is not in the schema of suite \(TextEscaping.quoted(suite)); "
                + "\(near)use --force to \(action) it anyway", code: .notInSchema)
    }
}
