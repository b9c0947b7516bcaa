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

    /// Applies the suite's rule for a key its schema does not declare (``PreferenceSchema/UndeclaredKeys``).
    ///
    /// The one rule of `write`, `import`, `rename` and the editor's commands for undeclared keys: refused where the
    /// suite holds only declared keys; refused without `force` where the schema is the app's whole contract; taken
    /// where the schema is partial, as the store's own tool takes it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: The suite.
    ///   - action: What is refused, for the message (`write`, `import`).
    ///   - schema: The suite's schema, if it has one.
    ///   - force: Whether the user asked to go ahead anyway.
    /// - Returns: For a key taken by a partial schema one or two edits from a declared key, a note saying so with
    ///   "did you mean", for the caller to show; otherwise `nil`.
    /// - Throws: ``notInSchema(key:suite:action:schema:)``.
    @discardableResult
    static func checkDeclared(
        _ key: String, suite: String, action: String, schema: PreferenceSchema?, force: Bool
    ) throws(ToolError) -> String? {
        guard let schema, schema[key] == nil else { return nil }
        switch schema.undeclaredKeys {
        case .written:
            let near = NearestNames.question(for: key, among: schema.entries.map(\.id), byPrefix: false)
            return near.map {
                "key \(TextEscaping.quoted(key)) is not in the schema of suite \(TextEscaping.quoted(suite)), "
                    + "written as it is; \($0)"
            }
        case .forced where force:
            return nil
        case .forced, .refused:
            throw notInSchema(key: key, suite: suite, action: action, schema: schema)
        }
    }
}
