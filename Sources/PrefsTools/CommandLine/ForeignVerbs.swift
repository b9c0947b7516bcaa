/// The verbs people bring from the tools prefs stands beside — `gsettings`, `dconf`, macOS's `defaults` — each
/// taken as prefs' own: `prefs get org.gnome.desktop.interface clock-format` reads, as `gsettings get` does.
///
/// The one table the command line's words (``CommandLineWords``) and `prefs --help` derive from; the verbs are
/// not offered by completion, where they would double every command.
public enum ForeignVerbs {
    /// A verb of another tool and the words prefs runs for it.
    public struct Verb: Sendable {
        /// The verb as the other tool spells it.
        public let word: String
        /// The tools that spell it so.
        public let tools: String
        /// prefs' words for it: its command, and any option it needs.
        public let ours: [String]
    }

    /// Every verb taken, in the order help lists them.
    public static let all: [Verb] = [
        Verb(word: "get", tools: "gsettings", ours: ["read"]),
        Verb(word: "set", tools: "gsettings", ours: ["write"]),
        Verb(word: "reset", tools: "gsettings, dconf", ours: ["delete"]),
        Verb(word: "reset-recursively", tools: "gsettings", ours: ["delete"]),
        Verb(word: "list-keys", tools: "gsettings", ours: ["read", "--all"]),
        Verb(word: "list-recursively", tools: "gsettings", ours: ["read", "--all"]),
        Verb(word: "list-schemas", tools: "gsettings", ours: ["suites"]),
        Verb(word: "domains", tools: "defaults", ours: ["suites"]),
        Verb(word: "monitor", tools: "gsettings", ours: ["watch"]),
    ]

    /// The words with another tool's verb, where it leads them, replaced by prefs' own.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the command.
    /// - Returns: The arguments, unchanged unless they start with a verb of the table.
    public static func translating(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, let verb = all.first(where: { $0.word == first }) else { return arguments }
        return verb.ours + arguments.dropFirst()
    }

    /// One line for help: every verb and what it runs.
    public static var help: String {
        all.map { "\($0.word) (\($0.ours.joined(separator: " ")))" }.joined(separator: ", ")
    }
}
