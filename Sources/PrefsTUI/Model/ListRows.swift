/// The rows the lists show, rebuilt from ``EditorData`` after every change: the suites, the keys of the suite open,
/// and the keys a search over every suite found.
public struct ListRows {
    public internal(set) var suiteRows: [SuiteRow] = []
    public internal(set) var keyRows = KeyRows.empty
    /// The folders of the keys' level listed, after its keys.
    public internal(set) var keyFolders: [KeyFolder] = []
    /// The keys of every suite that the filter matches, listed after the suites on the suites screen.
    public internal(set) var searchMatches = SearchMatches.none
    /// What the next frame shows that only a store can say, read before it is drawn (``EditorModel/readStoreFacts()``).
    var facts = StoreFacts()
}
