/// The options of `prefs` that take a value as the next word, by command.
///
/// The one table the pre-parsers (``CommandLineWords``), the fast path of `write` (``WriteCommandLine``) and the
/// shell completion (``CompletionWords``) read to tell an option's value from an operand. argument-parser keeps its
/// own list in the commands' declarations, which it does not expose; a test compares the two through
/// `prefs --experimental-dump-help`, so that an option added to a command and not here fails the build's tests.
public enum CommandOptions {
    /// The options every command takes that take a value.
    public static let global: Set = ["--config-dir", "--store"]

    /// The options of each command (`schema show` for a subcommand) that take a value, global ones aside.
    public static let valued: [String: Set<String>] = [
        "read": ["--path"], "write": ["--type", "-t", "--path", "--format", "--value-file"], "delete": ["--path"],
        "export": ["--format", "--output", "-o"], "diff": ["--against"],
        "log": ["--limit", "-n", "--since", "--until", "--writer"],
        "record": ["--output", "-o", "--for", "--include", "--exclude", "--format"],
        "undo": ["--steps", "--to"], "redo": ["--steps"], "dump": ["--output", "-o"], "recover": ["--from-file"],
        "schema show": ["--format"], "schema install": ["--suite"], "watch": ["--suite"], "demo": ["--interval"],
        "demo-writer": ["--interval"],
    ]

    /// The commands whose operands may start with a dash without `--`: `find`'s `-word` asks the opposite.
    public static let takingDashedOperands: Set = ["find"]

    /// The options that take a value in a command, its global ones included.
    ///
    /// - Parameter command: The command's name, `schema show` for a subcommand.
    /// - Returns: The options, spelled as on the command line (`--type`, `-t`).
    public static func takingValue(in command: String) -> Set<String> {
        global.union(valued[command] ?? [])
    }

    /// The command a command line names, and how many of its words name it: `schema show` is two words.
    ///
    /// - Parameter words: The operands, in order, from the command's name on.
    /// - Returns: The command's name and its word count; `("", 0)` when there is none.
    public static func command(in words: some Collection<String>) -> (name: String, words: Int) {
        guard let first = words.first else { return ("", 0) }
        // `schema` is the one command with subcommands.
        if first == "schema", let second = words.dropFirst().first, !second.hasPrefix("-") {
            return ("schema " + second, 2)
        }
        return (first, 1)
    }
}
