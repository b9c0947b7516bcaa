extension PreferenceSchema {
    /// What a suite may hold beside the keys its schema declares.
    ///
    /// A schema types the keys it declares; whether it also forbids the rest depends on what it describes. The
    /// store that builds a schema says which, and `write`, `import`, `rename`, `watch` and the editor keep the one
    /// rule in `ToolError.checkDeclared`.
    public enum UndeclaredKeys: Sendable, Hashable {
        /// None: the suite holds only the declared keys, as a GSettings schema's does, so another key can be neither
        /// written nor watched, even with `--force`.
        case refused
        /// Only with `--force`: the declared keys are the app's whole contract (a manifest exported from its
        /// `PersistentKey`s), so another key is most likely a typo until the user says otherwise.
        case forced
        /// Any: the schema is partial by nature, describing the keys one program reads in a file that holds others
        /// (a `.kcfg` beside window state and plugins' keys), so another key is written as the store's own tool
        /// writes it, with "did you mean" only when it is one or two edits from a declared key.
        case written
    }

    /// Whether the suite can hold only the keys declared here, as a GSettings schema's can.
    public var holdsOnlyDeclaredKeys: Bool { undeclaredKeys == .refused }
}
