import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of each suite this session singled out: marked with `m` (for `R`), revealed with `v`, and written by
/// the editor (which the state column says).
struct SessionKeys {
    private var marked: [String: Set<String>] = [:]
    private var revealed: [String: Set<String>] = [:]
    private var written: [String: Set<String>] = [:]
    /// The identifiers of the writes the editor made, to tell its own change from a later one of another writer.
    private var writes: Set<String> = []
    /// What the editor's writes left each key as, for `:record`.
    private(set) var recorded = RecordedChanges()
    /// When the session began.
    let started = Date()
    /// The suite `R` deleted last, which `u` on the suites screen brings back: it has left the list.
    var deletedSuite: String?

    /// Whether `m` marked a key.
    func isMarked(suite: String, key: String) -> Bool { marked[suite]?.contains(key) == true }

    /// Whether `v` revealed a secret key's value.
    func isRevealed(suite: String, key: String) -> Bool { revealed[suite]?.contains(key) == true }

    /// Whether the editor wrote a key this session.
    func wasWritten(suite: String, key: String) -> Bool { written[suite]?.contains(key) == true }

    /// The keys of a suite `m` marked.
    func marks(in suite: String) -> Set<String> { marked[suite] ?? [] }

    /// Marks a key, or unmarks it.
    ///
    /// - Returns: How many keys of the suite are marked now.
    mutating func toggleMark(suite: String, key: String) -> Int {
        if marked[suite, default: []].remove(key) == nil { marked[suite, default: []].insert(key) }
        return marked[suite]?.count ?? 0
    }

    /// Forgets a suite's marks, once `R` reset the keys.
    mutating func clearMarks(in suite: String) { marked[suite] = nil }

    /// Reveals a key's value, or hides it again.
    ///
    /// - Returns: Whether it is revealed now.
    mutating func toggleReveal(suite: String, key: String) -> Bool {
        if revealed[suite, default: []].remove(key) != nil { return false }
        revealed[suite, default: []].insert(key)
        return true
    }

    /// Notes keys the editor wrote, and the write that wrote them when the store identifies it.
    mutating func noteWrites(suite: String, keys: some Sequence<String>, write: String?) {
        written[suite, default: []].formUnion(keys)
        if let write { writes.insert(write) }
    }

    /// Takes in the changes one of the editor's writes made, for `:record`.
    mutating func record(_ changes: [PersistentKeyValueChange]) {
        for change in changes { recorded.add(change) }
    }

    /// Takes in what a key holds after an undo or redo, whose changes the store made.
    mutating func record(suite: String, key: String, value: PropertyListValue?) {
        recorded.set(suite: suite, key: key, to: value)
    }

    /// Whether a change is one of the editor's own writes: by its identifier, or by this process's id and the name
    /// its writes are journaled under (an undo's write, whose identifier the store chose).
    func isOwn(_ change: PersistentKeyValueChange) -> Bool {
        guard let writer = change.writer else { return false }
        if let write = writer.write, writes.contains(write) { return true }
        return writer.pid == ProcessInfo.processInfo.processIdentifier
            && writer.processName == PersistentKeyValueChange.Writer.currentName
    }
}
