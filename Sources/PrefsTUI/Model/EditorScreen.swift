/// Where the editor is: the list of suites, one suite's keys, one key's details, the help, the change log or the
/// pending changes.
public enum EditorScreen: Hashable, Sendable {
    case suites
    case keys(suite: String)
    case details(suite: String, key: String)
    /// Every key binding.
    case help
    /// The changes other processes made while the editor ran, newest first.
    case changeLog
    /// The changes delayed mode holds, against what is stored.
    case pending
    /// The keys bookmarked with `b`.
    case bookmarks
    /// Everything the editor said this session, newest first (`M`).
    case messages
    /// A suite whole, as JSON (`J`), as `prefs export --format json` writes it.
    case json(suite: String)
}
