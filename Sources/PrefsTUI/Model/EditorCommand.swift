/// A named action of the `:` command line, so that every action has a name as well as a key.
struct EditorCommand {
    let name: String
    /// What it takes after its name, for the completion's hint: empty for nothing.
    let argument: String
    let summary: String

    /// Every command, in the order completion offers them.
    static let all: [EditorCommand] = [
        EditorCommand(name: "add", argument: "", summary: "add a key (a)"),
        EditorCommand(name: "apply", argument: "", summary: "apply the pending changes (A)"),
        EditorCommand(name: "bookmark", argument: "", summary: "bookmark the key (b)"),
        EditorCommand(name: "bookmarks", argument: "", summary: "list the bookmarks (B)"),
        EditorCommand(name: "changed", argument: "", summary: "list only changed keys, or all (c)"),
        EditorCommand(name: "changes", argument: "", summary: "other processes' changes (w)"),
        EditorCommand(name: "delayed", argument: "", summary: "delayed mode on or off (P)"),
        EditorCommand(name: "delete", argument: "", summary: "delete the key"),
        EditorCommand(name: "dismiss", argument: "", summary: "dismiss the pending changes (D)"),
        EditorCommand(name: "edit", argument: "", summary: "edit the value (enter)"),
        EditorCommand(name: "editor", argument: "", summary: "edit the value in $EDITOR (e)"),
        EditorCommand(name: "export", argument: "FILE", summary: "write the suite to a new property list file"),
        EditorCommand(name: "filter", argument: "TEXT", summary: "filter the list (/)"),
        EditorCommand(name: "help", argument: "", summary: "every key (?)"),
        EditorCommand(name: "mark", argument: "", summary: "mark the key (m)"),
        EditorCommand(name: "new-suite", argument: "", summary: "create a suite (n)"),
        EditorCommand(name: "pending", argument: "", summary: "list the pending changes (p)"),
        EditorCommand(name: "quit", argument: "", summary: "quit (q)"),
        EditorCommand(name: "recover", argument: "", summary: "recover an unreadable suite (x)"),
        EditorCommand(name: "redo", argument: "", summary: "redo (ctrl-r)"),
        EditorCommand(name: "reload", argument: "", summary: "read everything again (ctrl-l)"),
        EditorCommand(name: "rename", argument: "NEW", summary: "rename the key, keeping its value"),
        EditorCommand(name: "reset", argument: "", summary: "reset the key to its default (r)"),
        EditorCommand(name: "reset-all", argument: "", summary: "reset the marked keys, else every key (R)"),
        EditorCommand(name: "undo", argument: "", summary: "undo (u)"),
    ]

    /// The commands whose name starts with what was typed.
    static func completions(of typed: String) -> [EditorCommand] {
        all.filter { $0.name.hasPrefix(typed) }
    }
}
