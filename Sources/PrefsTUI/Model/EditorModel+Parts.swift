public import PrefsTools

/// The model's state by the names its actions and its views use, each kept by the part that owns it.
extension EditorModel {
    /// A message for the line above the status bar: what just happened, or what went wrong; kept in ``messages``.
    public internal(set) var message: String? {
        get { messages.current }
        set { messages.show(newValue) }
    }

    /// The keys bookmarked with `b`.
    public var bookmarks: Bookmarks { navigation.bookmarks }
    /// Where pending changes go when the editor must end without asking.
    public var recovery: PendingRecovery { ending.recovery }

    // Where the editor is.
    public internal(set) var stack: [EditorScreen] {
        get { navigation.stack }
        set { navigation.stack = newValue }
    }
    public internal(set) var selection: [EditorScreen: Int] {
        get { navigation.selection }
        set { navigation.selection = newValue }
    }
    public var viewSize: (width: Int, height: Int) {
        get { navigation.viewSize }
        set { navigation.viewSize = newValue }
    }
    public internal(set) var showsChangedOnly: Bool {
        get { navigation.showsChangedOnly }
        set { navigation.showsChangedOnly = newValue }
    }
    var keyToSelect: String? {
        get { navigation.keyToSelect }
        set { navigation.keyToSelect = newValue }
    }

    // The rows shown.
    public internal(set) var suiteRows: [SuiteRow] {
        get { rows.suiteRows }
        set { rows.suiteRows = newValue }
    }
    public internal(set) var keyRows: KeyRows {
        get { rows.keyRows }
        set { rows.keyRows = newValue }
    }
    public internal(set) var searchMatches: SearchMatches {
        get { rows.searchMatches }
        set { rows.searchMatches = newValue }
    }

    // What takes the next keys.
    public internal(set) var editing: EditSession? {
        get { modal.editing }
        set { modal.editing = newValue }
    }
    public internal(set) var picker: ChoicePicker? {
        get { modal.picker }
        set { modal.picker = newValue }
    }
    public internal(set) var confirmation: Confirmation? {
        get { modal.confirmation }
        set { modal.confirmation = newValue }
    }
    public internal(set) var pendingRepeat: PendingRepeat? {
        get { modal.pendingRepeat }
        set { modal.pendingRepeat = newValue }
    }
    public internal(set) var externalEdit: ExternalEdit? {
        get { modal.externalEdit }
        set { modal.externalEdit = newValue }
    }
    var externalDrafts: [SuiteKey: String] {
        get { modal.externalDrafts }
        set { modal.externalDrafts = newValue }
    }

    // How the session ends.
    public internal(set) var isFinished: Bool {
        get { ending.isFinished }
        set { ending.isFinished = newValue }
    }
    public internal(set) var exitNote: String? {
        get { ending.exitNote }
        set { ending.exitNote = newValue }
    }
    var endingSignals: Int {
        get { ending.endingSignals }
        set { ending.endingSignals = newValue }
    }
    var offeredRecovery: PendingRecovery.Found? {
        get { ending.offeredRecovery }
        set { ending.offeredRecovery = newValue }
    }
}
