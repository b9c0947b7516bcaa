/// What a command that writes prints under `--json` when it succeeds.
///
/// The report is `{"suite": "S", "changed": ["key", …]}`, so that a script can tell a write from a no-op without
/// parsing text. Without `--json` such commands print nothing, as `defaults write` does.
public enum ChangeReport {
    /// Prints the report when the command line asked for JSON.
    ///
    /// - Parameters:
    ///   - json: Whether `--json` was given.
    ///   - suite: The suite written.
    ///   - changed: The keys written or removed.
    public static func print(if json: Bool, suite: String, changed: some Sequence<String>) {
        guard json else { return }
        Output.json(["suite": suite, "changed": Array(Set(changed)).sorted()] as [String: Any])
    }
}
