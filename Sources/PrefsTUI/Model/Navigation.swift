public import PrefsTools

/// Where the editor is: the screens opened, the row selected on each, the terminal's size that pages are measured
/// against, and the ways back to a key (bookmarks, a key to select once it is listed).
public struct Navigation {
    /// The screens opened so far; the last is shown.
    public internal(set) var stack: [EditorScreen]
    /// The folders of the suites' tree opened, outermost first; the last is listed (the suites' tree).
    public internal(set) var folders: [String] = []
    /// The folders of the open suite's keys opened, outermost first (the keys' tree).
    public internal(set) var keyFolders: [String] = []
    /// The selected row of each screen.
    public internal(set) var selection: [EditorScreen: Int] = [:]
    /// The terminal's size at the last input, which mouse clicks and page moves are measured against.
    public var viewSize = (width: 80, height: 24)
    /// Whether the keys screen lists only the keys that are not at their default (`c`).
    public internal(set) var showsChangedOnly = false
    /// A key just added, selected as soon as its first write lists it.
    var keyToSelect: String?
    /// The keys bookmarked with `b`.
    public let bookmarks: Bookmarks

    /// The screen shown.
    public var screen: EditorScreen { stack.last ?? .suites }

    init(suite: String?, bookmarks: Bookmarks) {
        stack = suite.map { [.suites, .keys(suite: $0)] } ?? [.suites]
        self.bookmarks = bookmarks
    }
}
