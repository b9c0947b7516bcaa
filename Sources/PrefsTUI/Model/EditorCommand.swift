/// A named action of the editor: its `:` name, the keys that run it, its help, whether it changes anything, and what
/// it does.
///
/// ``all`` is the one table from which the key dispatch, the `:` line, its completion and the help pane are
/// derived, so that a command added here has a key, a name and a line of help at once.
struct EditorCommand: Sendable {
    /// What a command changes, which a read-only editor and a locked key refuse before it runs.
    enum Change: Sendable {
        /// Nothing: moving, showing, filtering.
        case nothing
        /// The store (a suite, several keys, the pending changes): refused read-only.
        case store
        /// The selected key: refused read-only, and refused for a key its store holds read-only (a lock).
        case selectedKey
    }

    /// How a command was asked for.
    struct Invocation {
        /// What follows the name on the `:` line; empty from a key.
        let argument: String
        /// Whether it was run by name, where a command that asks for its key twice (`d d`) runs at once.
        let byName: Bool
        /// What the previous key asked to be confirmed by pressing it again, from a key.
        let repeated: PendingRepeat?
    }

    /// The kinds of command, as the help groups them.
    enum Group: String, CaseIterable, Sendable {
        case moving = "Moving"
        case values = "Values"
        case finding = "Finding and going to"
        case history = "History, changes and delayed edits"
        case suites = "Suites"
        case screens = "Screens and the session"
    }

    let name: String
    /// Where the help lists it.
    let group: Group
    /// The keys that run it; none for a command run by name only.
    let keys: [InputEvent]
    /// The keys as the help shows them (`d d`, `ctrl-r`); empty when it has none.
    let keyLabel: String
    /// What it takes after its name, for the completion's hint: empty for nothing.
    let argument: String
    let summary: String
    let change: Change
    /// Where its keys work (`d` only on a suite's keys); its name works everywhere, and says why not itself.
    let applies: @Sendable (EditorModel) -> Bool
    /// Whether its keys work on every screen, so that the help's list of what works where it was opened leaves it
    /// out.
    let isEverywhere: Bool
    let action: @Sendable (EditorModel, Invocation) -> Void

    init(
        _ name: String, group: Group, keys: [InputEvent] = [], label: String = "", argument: String = "",
        _ summary: String,
        change: Change = .nothing, applies: (@Sendable (EditorModel) -> Bool)? = nil,
        action: @escaping @Sendable (EditorModel, Invocation) -> Void
    ) {
        self.name = name
        self.group = group
        self.keys = keys
        keyLabel = label
        self.argument = argument
        self.summary = summary
        self.change = change
        self.applies = applies ?? { _ in true }
        isEverywhere = applies == nil
        self.action = action
    }

    /// The command a key runs where the model is, if any.
    ///
    /// - Parameters:
    ///   - event: The key.
    ///   - model: The editor, whose screen and selection decide where a key applies.
    /// - Returns: The command, or `nil` for a key that moves, opens or goes back.
    static func command(for event: InputEvent, in model: EditorModel) -> EditorCommand? {
        Self.all.first { $0.keys.contains(event) && $0.applies(model) }
    }

    /// The command of a name, or of the one name it starts.
    ///
    /// - Parameter name: What was typed after `:`.
    /// - Returns: The command, or `nil` for no name or an ambiguous start.
    static func named(_ name: String) -> EditorCommand? {
        if let exact = Self.all.first(where: { $0.name == name }) { return exact }
        let matches = completions(of: name)
        return matches.count == 1 && !name.isEmpty ? matches.first : nil
    }

    /// The commands whose name starts with what was typed.
    static func completions(of typed: String) -> [EditorCommand] {
        Self.all.filter { $0.name.hasPrefix(typed) }
    }
}
