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
    /// The keys bookmarked with `b`.
    public let bookmarks: Bookmarks
    /// Where pending changes go when the editor must end without asking, and come back from at the next start.
    public let recovery: PendingRecovery
    /// What to tell the user once the terminal is given back, such as where pending changes were kept.
    public internal(set) var exitNote: String?
    /// Ctrl-C and SIGTERM seen since the last question was answered: the second ends the editor, keeping its changes.
    var endingSignals = 0
    /// The kept changes the question at start offers back.
    var offeredRecovery: PendingRecovery.Found?
    /// The screens opened so far; the last is shown.
    public internal(set) var stack: [EditorScreen]
    /// The selected row of each screen.
    public internal(set) var selection: [EditorScreen: Int] = [:]
    /// A message for the line above the status bar: what just happened, or what went wrong.
    ///
    /// Each is kept in ``messages``, where one too long for its lines is read whole.
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { messages.record(message) } }
    }
    /// Everything said this session (`M`).
    public internal(set) var messages = MessageLog()
    /// Other processes' changes as they arrive: the change log, highlights, and why they stopped arriving.
    public internal(set) var live = LiveActivity()
    /// The filter typed after `/`, over the list shown.
    public internal(set) var filter = ListFilter()
    /// The value being edited, if any.
    public internal(set) var editing: EditSession?

    /// A value to hand to the user's own editor, which the loop takes and runs.
    public internal(set) var externalEdit: ExternalEdit?
    /// Text an external edit left that could not be written, by suite and key, opened again by the next `e`.
    var externalDrafts: [SuiteKey: String] = [:]
    /// The choice list open over the keys, if any.
    public internal(set) var picker: ChoicePicker?
    /// A question the next key answers: `y` goes ahead, anything else keeps things as they are.
    public internal(set) var confirmation: Confirmation?
    /// An action a first key asked for that takes the same key again to happen (`d d`, or `u` over another process's
    /// change); any other input forgets it.
    public internal(set) var pendingRepeat: PendingRepeat?
    /// The terminal's size at the last input, which mouse clicks and page moves are measured against.
    public var viewSize = (width: 80, height: 24)
    /// Whether the user asked to quit.
    public internal(set) var isFinished = false
    /// The rows shown, refreshed after every change.
    public private(set) var suiteRows: [SuiteRow] = []
    public private(set) var keyRows = KeyRows.empty
    /// The keys of every suite that the filter matches, listed after the suites on the suites screen.
    public private(set) var searchMatches = SearchMatches.none
    /// Delayed mode (`P`) and the edits it holds.
    public internal(set) var pending = PendingEdits()
    /// A key just added, selected as soon as its first write lists it.
    var keyToSelect: String?
    /// The keys marked, revealed and written this session, by suite.
    var sessionKeys = SessionKeys()
    /// Whether the keys screen lists only the keys that are not at their default (`c`).
    public internal(set) var showsChangedOnly = false
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
        self.bookmarks = bookmarks ?? Bookmarks(file: nil, location: data.store.locationDescription)
        self.recovery = recovery ?? PendingRecovery(directory: nil, location: data.store.locationDescription)
        stack = suite.map { [.suites, .keys(suite: $0)] } ?? [.suites]
    }

    /// Reads the store and sets up the first screen: the rows, the suite opened at selected in the suites behind it,
    /// and, when an editor on this store kept pending changes at an abrupt end, the question offering them back.
    ///
    /// Apart from `init`, which reads nothing: ``Editor/run()`` calls it, and so does anything that drives a model
    /// without the loop (a test, an app's own loop), once, before the first input.
    public func start() {
        reload()
        if case .keys(let suite)? = stack.last, let index = suiteRows.firstIndex(where: { $0.name == suite }) {
            selection[.suites] = index
        }
        if !readOnly { offerRecovery() }
    }

    /// The screen shown.
    public var screen: EditorScreen { stack.last ?? .suites }

    /// How many rows the screen lists.
    public var rowCount: Int {
        switch screen {
        case .suites: suiteRows.count + searchMatches.count
        case .keys: keyRows.count
        case .details: 0
        case .help: HelpPane.rows.count
        case .changeLog: live.changeLog.count
        case .pending: pending.count
        case .bookmarks: bookmarks.entries.count
        case .messages: messageRows.count
        }
    }

    /// The message log's rows at the terminal's width.
    var messageRows: [String] { messages.rows(columns: viewSize.width - 2, time: data.timeText) }

    /// The selected row of the screen shown.
    public var selectedIndex: Int { min(selection[screen] ?? 0, max(0, rowCount - 1)) }

    /// The selected key's row, on the keys and details screens.
    public var selectedKey: KeyRow? {
        switch screen {
        case .keys: keyRows.indices.contains(selectedIndex) ? keyRows[selectedIndex] : nil
        case .details(_, let key): keyRows.row(for: key)
        case .suites, .help, .changeLog, .pending, .bookmarks, .messages: nil
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
            suiteRows.indices.contains(selection[.suites] ?? 0) ? suiteRows[selection[.suites] ?? 0].name : nil
        // A filter belongs to the list it was typed in: the suites', or the keys' of the suite open.
        let pattern = FuzzyPattern(currentSuite == nil ? filter.text : "")
        suiteRows = data.suiteRows().filter { pattern.matches([$0.name]) }
        searchMatches = currentSuite == nil && !filter.isEmpty ? data.searchMatches(filter.text) : .none
        if let selectedSuite, let index = suiteRows.firstIndex(where: { $0.name == selectedSuite }) {
            selection[.suites] = index
        }
        guard let suite = currentSuite, let list = data.keyList(suite: suite) else {
            keyRows = .empty
            return
        }
        let keysScreen = EditorScreen.keys(suite: suite)
        let selectedKey = keyRows.key(at: selection[keysScreen] ?? 0)
        let matches = filter.isEmpty ? nil : filter.rows(in: list)
        keyRows = KeyRows(list: list, matches: showsChangedOnly ? changedPositions(list, among: matches) : matches)
        if let selectedKey, let index = keyRows.position(of: selectedKey) { selection[keysScreen] = index }
        if let added = keyToSelect, let index = keyRows.position(of: added) {
            selection[keysScreen] = index
            keyToSelect = nil
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
        for screen in stack.reversed() {
            switch screen {
            case .keys(let suite), .details(let suite, _): return suite
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
        data.recordWrites(changes)
        data.update(changes.compactMap { change in change.suite.map { ($0, change.key) } })
        refresh()
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

    /// The newest changes of a key, newest first, from its suite's history as the editor keeps it.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key.
    /// - Returns: At most three changes.
    public func recentChanges(suite: String, key: String) -> [PersistentKeyValueChange] {
        data.recentChanges(suite: suite).recent(key)
    }

    /// Where a key's value comes from: a problem, a launch argument, a lock, a system layer, nothing stored, this session, a named writer, or a
    /// writer outside PrefsKit when the journal's newest record of the key is not the value stored.
    ///
    /// - Parameters:
    ///   - row: The key's row.
    ///   - suite: Its suite.
    /// - Returns: The provenance.
    public func provenance(of row: KeyRow, inSuite suite: String) -> KeyProvenance {
        if case .invalid(let reason) = row.status { return .problem(reason) }
        if let argument = (try? data.suite(suite))?.launchArguments[row.key],
            (try? row.entry?.parse(argument)) != nil
        {
            return .launchArgument(argument)
        }
        if let reason = data.readOnlyReason(suite: suite, key: row.key) { return .locked(reason) }
        if case .system(let file) = row.source { return .system(file) }
        guard let stored = row.stored else { return .atDefault }
        if let migration = row.migration { return .toMigrate(migration) }
        if sessionKeys.wasWritten(suite: suite, key: row.key) { return .session }
        let history = data.recentChanges(suite: suite)
        guard let last = history.recent(row.key).first else { return history.isTruncated ? .stored : .outside }
        // A secret's record holds no value to compare: the store attributed the change by the record's keyed digest
        // and journaled any change it does not explain as an unknown writer's, so the newest record is the writer.
        guard last.newValue == stored || last.isRedacted, let pid = last.writer?.pid else { return .outside }
        return .process(name: TextEscaping.escaped(last.writer?.processName ?? "pid \(pid)"), pid: pid)
    }

    // MARK: - Navigation

    func select(_ index: Int) {
        selection[screen] = max(0, min(index, rowCount - 1))
    }

    func open() {
        switch screen {
        case .suites:
            let match = selectedIndex - suiteRows.count
            guard suiteRows.indices.contains(selectedIndex) || searchMatches.indices.contains(match) else { return }
            let found = match < 0 ? nil : searchMatches[match]
            let suite = found?.suite ?? suiteRows[selectedIndex].name
            // The filter found the suite; its keys start unfiltered, and the filter comes back with the suites.
            filter.openSuite()
            stack.append(.keys(suite: suite))
            refresh()
            if let found, let position = keyRows.position(of: found.key) { selection[.keys(suite: suite)] = position }
        case .keys(let suite):
            guard let row = selectedKey else { return }
            stack.append(.details(suite: suite, key: row.key))
        case .pending:
            // A pending change opens at its key.
            guard pending.changes.indices.contains(selectedIndex) else { return }
            go(to: pending.changes[selectedIndex].suite, key: pending.changes[selectedIndex].key)
        case .bookmarks:
            guard bookmarks.entries.indices.contains(selectedIndex) else { return }
            go(to: bookmarks.entries[selectedIndex].suite, key: bookmarks.entries[selectedIndex].key)
        case .changeLog:
            // A change opens at its key, in its suite.
            let changes = Array(live.changeLog.reversed())
            guard changes.indices.contains(selectedIndex), let suite = changes[selectedIndex].change.suite else {
                return
            }
            go(to: suite, key: changes[selectedIndex].change.key)
        case .details, .help, .messages:
            return
        }
        message = nil
    }

    /// Opens a suite's keys with one key selected, from a list of keys found elsewhere.
    func go(to suite: String, key: String) {
        stack = [.suites, .keys(suite: suite)]
        filter.text = ""
        refresh()
        if let position = keyRows.position(of: key) { selection[.keys(suite: suite)] = position }
    }

    /// Opens a screen over the current one, or closes it when it is already shown.
    func toggle(_ overlay: EditorScreen) {
        if screen == overlay {
            back()
        } else {
            stack.append(overlay)
        }
    }

    func back() {
        if stack.count > 1 { stack.removeLast() }
        message = nil
        // A filter belongs to the list it was typed in; the suites' comes back with them.
        if screen == .suites, filter.returnToSuites() {
            refresh()
        } else if !filter.isEmpty {
            editFilter { $0 = "" }
        }
    }

    func editFilter(_ edit: (inout String) -> Void) {
        edit(&filter.text)
        selection[screen] = 0
        refresh()
    }

    func setEditingFilter(_ editing: Bool) {
        filter.isEditing = editing
        // The index is built when `/` is pressed, so that the first character typed costs only a search.
        if editing, let suite = currentSuite { _ = data.keyList(suite: suite)?.searchIndex }
    }

    func quit() {
        guard pending.isEmpty else {
            confirmation = Confirmation(
                question: "Apply the \(pending.count) pending change\(pending.count == 1 ? "" : "s") "
                    + "before quitting? (y apply, n discard, esc stay)",
                action: .quitWithPending)
            return
        }
        isFinished = true
    }

    func say(_ text: String) {
        message = text
    }
}
