/// Where the editor is: the list of suites, one suite's keys, or one key's details.
public enum EditorScreen: Hashable, Sendable {
    case suites
    case keys(suite: String)
    case details(suite: String, key: String)
}
