public import PrefsCore
public import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor's state: where it is, what is selected, what just changed, and what to tell the user.
///
/// It is driven from the editor's single thread: input through ``handle(_:)``, other processes' changes through
/// ``apply(_:now:)``.
public final class EditorModel {
    public let data: EditorData
    public let readOnly: Bool
    /// Where the editor is and what is selected.
    public internal(set) var navigation: Navigation
    /// The rows the lists show.
    public internal(set) var rows = ListRows()
    /// What takes the next keys before the list: a line editor, a picker, a question.
    public internal(set) var modal = ModalInput()
    /// Everything said this session, the message shown last among it (`M`).
    public internal(set) var messages = MessageLog()
    /// Other processes' changes as they arrive: the change log, highlights, and why they stopped arriving.
    public internal(set) var live = LiveActivity()
    /// The filter typed after `/`, over the list shown.
    public internal(set) var filter = ListFilter()
    /// What the text screens show: the help, a suite's JSON.
    var pages = TextScreens()
    /// Delayed mode (`P`) and the edits it holds.
    public internal(set) var pending = PendingEdits()
    /// The keys marked, revealed and written this session, by suite.
    var sessionKeys = SessionKeys()
    /// How the session ends, and the changes kept when it must end without asking.
    public internal(set) var ending: SessionEnd

    /// An editor on the suites, or directly on one suite's keys; nothing is read until ``start()``.
    ///
    /// - Parameters:
    ///   - data: The store and its schemas.
    ///   - suite: The suite whose keys to open at, if any.
    ///   - readOnly: Whether nothing may be written.
    ///   - bookmarks: The user's bookmarks; none kept when `nil`.
    ///   - recovery: Where pending changes are kept when the editor must end without asking; when it holds some for
    ///     this store, the editor starts by offering them back.
    public init(
        data: EditorData, suite: String? = nil, readOnly: Bool = false, bookmarks: Bookmarks? = nil,
        recovery: PendingRecovery? = nil
    ) {
        self.data = data
        self.readOnly = readOnly
        navigation = Navigation(
            suite: suite, bookmarks: bookmarks ?? Bookmarks(file: nil, location: data.store.locationDescription))
        ending = SessionEnd(
            recovery: recovery ?? PendingRecovery(directory: nil, location: data.store.locationDescription))
    }

    /// Reads the store and sets up the first screen: the rows, the suite opened at selected in the suites behind it,
    /// and, when an editor on this store kept pending changes at an abrupt end, the question offering them back.
    ///
    /// Apart from `init`, which reads nothing: ``Editor/run()`` calls it, and so does anything that drives a model
    /// without the loop (a test, an app's own loop), once, before the first input.
    public func start() {
        reload()
        if case .keys(let suite)? = navigation.stack.last {
            if data.suiteNames().contains(suite) {
                showFolder(of: suite)
            } else {
                offerNearest(to: suite)
            }
        }
        if !readOnly { offerRecovery() }
    }

    /// Opened at a suite that does not exist: the suites are shown with the nearest selected, when one is near a
    /// typo, rather than an empty suite that a first key would create beside the one meant.
    private func offerNearest(to suite: String) {
        let names = data.suiteNames()
        guard let question = NearestNames.question(for: suite, among: names),
            let near = NearestNames.nearest(to: suite, among: names).first
        else {
            say("no suite \(TextEscaping.quoted(suite)) yet: a adds its first key")
            return
        }
        navigation.stack = [.suites]
        showFolder(of: near)
        say("no suite \(TextEscaping.quoted(suite)); \(question) Enter opens it")
    }

    /// The screen shown.
    public var screen: EditorScreen { navigation.screen }

    /// How many rows the screen lists.
    public var rowCount: Int {
        switch screen {
        case .suites: rows.suiteRows.count + rows.searchMatches.count
        case .keys: rows.keyRows.count + rows.keyFolders.count
        case .details: 0
        case .help: pages.help.rows.count
        case .changeLog: live.changeLog.count
        case .pending: pending.count
        case .bookmarks: navigation.bookmarks.entries.count
        case .messages: messageRows.count
        case .json: pages.json.lines.count
        }
    }

    /// The message log's rows at the terminal's width.
    var messageRows: [String] { messages.rows(columns: navigation.viewSize.width - 2, time: data.timeText) }

    /// The selected row of the screen shown.
    public var selectedIndex: Int { min(navigation.selection[screen] ?? 0, max(0, rowCount - 1)) }

    /// The selected key's row, on the keys and details screens.
    public var selectedKey: KeyRow? {
        switch screen {
        case .keys: rows.keyRows.indices.contains(selectedIndex) ? rows.keyRows[selectedIndex] : nil
        case .details(_, let key): rows.keyRows.row(for: key)
        case .suites, .help, .changeLog, .pending, .bookmarks, .messages, .json: nil
        }
    }

    /// Reads everything again, keeping the selection on the same suite or key.
    public func reload() {
        data.forget()
        refresh()
    }

    /// Rebuilds the rows shown from what ``data`` holds, keeping the selection on the same suite or key.
    func refresh() {
        let selectedSuite =
            rows.suiteRows.indices.contains(navigation.selection[.suites] ?? 0)
            ? rows.suiteRows[navigation.selection[.suites] ?? 0].name : nil
        // A filter belongs to the list it was typed in: the suites', or the keys' of the suite open.
        let query = currentSuite == nil && !filter.isEmpty ? filter.query : nil
        let names = data.suiteNames()
        // A filter searches every suite, whatever folder is open; without one, the folder's level is listed.
        rows.suiteRows =
            currentSuite == nil && !filter.isEmpty
            ? names.filter { query?.matches(suiteName: $0) == true }.map(data.suiteRow)
            : SuiteTree.level(
                names, under: navigation.folders.last ?? "", stores: data.machine?.words,
                titles: data.suiteFolderTitles(), problems: data.machine?.problems ?? [:], row: data.suiteRow)
        rows.searchMatches = query.map(data.searchMatches) ?? .none
        if let selectedSuite, let index = rows.suiteRows.firstIndex(where: { $0.name == selectedSuite }) {
            navigation.selection[.suites] = index
        }
        guard let suite = currentSuite, let list = data.keyList(suite: suite) else {
            rows.keyRows = .empty
            self.rows.keyFolders = []
            return
        }
        let keysScreen = EditorScreen.keys(suite: suite)
        let selectedKey = rows.keyRows.key(at: navigation.selection[keysScreen] ?? 0)
        // A filter searches the whole suite; without one, the level of the keys' folder open is listed.
        let level =
            filter.isEmpty && !navigation.showsChangedOnly
            ? list.level(under: navigation.keyFolders.last ?? "") : .whole
        self.rows.keyFolders = level.folders
        let matches = filter.isEmpty ? level.positions : filter.rows(in: list)
        rows.keyRows = KeyRows(
            list: list, matches: navigation.showsChangedOnly ? changedPositions(list, among: matches) : matches)
        if let selectedKey, let index = rows.keyRows.position(of: selectedKey) {
            navigation.selection[keysScreen] = index
        }
        if let added = navigation.keyToSelect, let index = rows.keyRows.position(of: added) {
            navigation.selection[keysScreen] = index
            navigation.keyToSelect = nil
        }
    }

    /// The group a key belongs to by its first dotted component, as a prefixed store view (`editor.*`) holds it, and
    /// how many keys of the suite it lists.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: Its suite.
    /// - Returns: The group's pattern and size, or `nil` for a key with no dot or a suite that cannot be read.
    public func group(of key: String, inSuite suite: String) -> (pattern: String, count: Int)? {
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex, let list = data.keyList(suite: suite) else {
            return nil
        }
        let prefix = String(key[...dot])
        return (prefix + "*", list.count(inGroup: prefix))
    }

    /// The suite whose keys are open, if any.
    public var currentSuite: String? {
        for screen in navigation.stack.reversed() {
            switch screen {
            case .keys(let suite), .details(let suite, _): return suite
            case .json(let suite): return suite
            case .suites, .help, .changeLog, .pending, .bookmarks, .messages: continue
            }
        }
        return nil
    }

    /// Takes in changes other processes made: the rows are re-read and the changed ones highlighted for a moment.
    public func apply(_ changes: [PersistentKeyValueChange], now: ContinuousClock.Instant = .now) {
        guard !changes.isEmpty else { return }
        // Another process's change arrived: live updates are back.
        if live.record(changes, now: now, seen: Date()) { say("live updates are back") }
        noticeChangeWhileEditing(changes.filter { $0.origin == .otherProcess })
        // The key selected is named before the list is patched: read after, its position would name whatever key
        // another process inserted above it, and the next Space or `r` would hit that key.
        let selected = currentSuite.flatMap { suite in
            rows.keyRows.key(at: navigation.selection[.keys(suite: suite)] ?? 0).map { (suite, $0) }
        }
        data.recordWrites(changes)
        data.update(changes.compactMap { change in change.suite.map { ($0, change.key) } })
        refresh()
        if let (suite, key) = selected, let position = rows.keyRows.position(of: key) {
            navigation.selection[.keys(suite: suite)] = position
        }
        // A pending edit that another process overtook is said at once; the list marks it until applied.
        if let overtaken = changes.first(where: {
            $0.origin == .otherProcess && pendingChange(suite: $0.suite ?? "", key: $0.key) != nil
        }) {
            say(
                "another process changed pending key \(TextEscaping.escaped(overtaken.key)); A asks again before overwriting"
            )
        }
        // A write undone by a program that takes no lock is said, not passed off as a change like any other.
        if let undone = changes.last(where: { $0.reverted != nil }) {
            say("\(TextEscaping.escaped(undone.key)): \(ChangeText.writer(undone))")
        }
    }
}
