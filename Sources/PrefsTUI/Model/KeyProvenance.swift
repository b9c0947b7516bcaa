/// Where a key's value comes from, as the state column and the details say it.
///
/// Like Emacs Customize's states (STANDARD, SET, SAVED, CHANGED outside Customize), but read from the store's
/// history, so that a value another program wrote names that program.
public enum KeyProvenance: Hashable, Sendable {
    /// Nothing is stored: the key reads as its default.
    case atDefault
    /// Written by this editor session.
    case session
    /// Last written by a process the history names.
    case process(name: String, pid: Int32?)
    /// Stored before the part of the history the editor reads.
    case stored
    /// Stored, but not by a writer the history knows: a plain `UserDefaults` program, a hand edit, a copied file.
    case outside
    /// Overridden for this run by a launch argument (`-key value`); the stored value is not what is read.
    case launchArgument(String)
    /// Stored with the wrong type, or not decodable as the key's type: the key reads as its default.
    case problem(String)
    /// Stored under a former name the schema declares: to be migrated.
    case toMigrate(KeyMigration)
    /// Held read-only by the store, for this reason: a key a system administrator locked (a `.locks` file, a dconf
    /// lock).
    case locked(String)
    /// Not set by the user: a system layer sets it, in this file or database.
    case system(String)

    /// The state column's text: a word or two.
    public var label: String {
        switch self {
        case .atDefault: "default"
        case .session: "this session"
        case .process(let name, _): name
        case .outside: "not recorded"
        case .stored: "stored"
        case .launchArgument: "launch arg"
        case .problem: "invalid"
        case .toMigrate: "to migrate"
        case .locked: "locked"
        case .system: "system"
        }
    }

    /// A sentence for the details pane.
    public var sentence: String {
        switch self {
        case .atDefault: "not stored: the key reads as its default"
        case .session: "set in this editor session"
        case .process(let name, let pid): "set by \(name)" + (pid.map { " pid \($0)" } ?? "")
        case .outside:
            "stored, but who set it was not recorded: a program that keeps no history (a hand edit, a plain "
                + "UserDefaults app, the store's own tool) or a write from before prefs kept one"
        case .stored: "stored before the newest \(RecentChanges.limit) changes of the history, which the editor reads"
        case .launchArgument(let text): "overridden for this run by the launch argument \(text)"
        case .problem(let reason): reason
        case .toMigrate(let migration): migration.sentence
        case .locked(let reason): "cannot be changed: \(reason)"
        case .system(let file): "set by the system: \(file); a value of your own would take its place"
        }
    }

    /// Whether the key differs from a fresh install's: anything stored, or overridden.
    public var isChanged: Bool { self != .atDefault }
}
