import Logging
public import PrefsCore
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The change journal, for a store that keeps its values elsewhere (GSettings): the same records, commit lines,
/// bounds and attribution as the file store's, under a lock file of the journal's own.
///
/// A writer stages its records before it writes, so that a watcher woken by the write finds who made it, and commits
/// them after, so that a write that failed never counts as history (`ChangeJournal`).
public struct SuiteJournal: Sendable {
    /// The folder holding the journals, one file per suite, and their lock files.
    public let directory: URL
    private let journal: ChangeJournal

    /// A journal in a folder, created at the first write.
    ///
    /// - Parameters:
    ///   - directory: The folder.
    ///   - secretKeys: The keys of a suite, by its journal name, whose values are never recorded (only the fact of
    ///     their change); `nil` from it when the suite's schema cannot be read, which hides every key. Every value is
    ///     recorded when no rule is given: the store has no secrets (GSettings).
    public init(directory: URL, secretKeys: (@Sendable (String) -> Set<String>?)? = nil) {
        self.directory = directory
        var journal = ChangeJournal(directory: FilePath(directory.path))
        journal.secrets = secretKeys.map { JournalSecrets(rule: $0) }
        self.journal = journal
    }

    /// The journal of a store that keeps its change journal itself (the file store), for the one journaled write.
    ///
    /// - Parameter journal: The store's journal.
    package init(journal: ChangeJournal) {
        directory = URL(fileURLWithPath: journal.directory.string, isDirectory: true)
        self.journal = journal
    }

    /// Runs `body` holding a suite's exclusive lock, which every journaled writer of the suite takes.
    ///
    /// - Parameters:
    ///   - suite: The suite's journal name: a file name, without `/`.
    ///   - timeout: How long to wait for another writer.
    ///   - body: The write.
    /// - Returns: What `body` returns.
    /// - Throws: ``FileStoreError`` when the lock cannot be taken, or what `body` throws.
    package func withLock<Result>(_ suite: String, timeout: Duration, _ body: () throws -> Result) throws -> Result {
        let name = try SuiteName(validating: suite)
        do {
            try FileSystem.createDirectory(FilePath(directory.path))
        } catch {
            throw FileStoreError.io(path: directory.path, operation: "create the journal folder", reason: "\(error)")
        }
        var outcome: Result?
        var failure: (any Error)?
        try SuiteLock(suite: name, in: FilePath(directory.path)).withLock(exclusive: true, timeout: timeout) {
            do {
                outcome = try body()
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let outcome else { throw FileStoreError.io(path: directory.path, operation: "lock", reason: "no result") }
        return outcome
    }

    /// Records a write's changes before it is made.
    ///
    /// They count once ``commit(_:count:suite:)`` follows. The caller holds the suite's lock.
    ///
    /// - Parameters:
    ///   - changes: The changes, each with its writer.
    ///   - found: Changes no writer's record explains, recorded first, as they are.
    ///   - suite: The suite's journal name.
    /// - Throws: ``FileStoreError`` when the journal cannot be written.
    package func stage(
        _ changes: [PersistentKeyValueChange], found: [JournalRecord] = [], suite: String
    ) throws(FileStoreError) {
        let name = try SuiteName(validating: suite)
        let records = changes.map { change in
            JournalRecord(
                writer: change.writer ?? .current, suite: change.suite ?? suite, key: change.key,
                old: change.oldValue, new: change.newValue
            ).asStaged
        }
        try journal.append(found + records, to: name)
    }

    /// Makes a staged write count, once it has been made.
    ///
    /// The caller holds the suite's lock.
    ///
    /// - Parameters:
    ///   - write: The write's identifier.
    ///   - count: How many changes it staged.
    ///   - suite: The suite's journal name.
    /// - Throws: ``FileStoreError`` when the journal cannot be written.
    package func commit(_ write: String, count: Int, suite: String) throws(FileStoreError) {
        try journal.commit(write: write, count: count, to: SuiteName(validating: suite))
    }

    /// Makes a write with its journal records: staged by the write itself, just before its change appears, then
    /// committed once it is made.
    ///
    /// The journal's part of every journaled write, in one place. The caller holds the suite's lock. Staged just
    /// before the change appears (a file's swap, a service's call), the records tell a watcher woken by it who made it
    /// without waiting for the lock, and count as history once the commit line follows. A journal that cannot be
    /// written loses only the history: the write is made all the same, and `onFailure` is told why.
    ///
    /// - Parameters:
    ///   - changes: The changes the write makes, each with its writer.
    ///   - found: Changes no writer's record explains, found under the lock: recorded first, as they are.
    ///   - suite: The suite's journal name.
    ///   - writer: The write's writer, whose identifier commits it.
    ///   - onFailure: Told when the journal cannot be written.
    ///   - write: Makes the write, calling its argument once, just before the change appears.
    /// - Throws: What `write` throws; the staged changes then never count.
    package func journaling(
        _ changes: [PersistentKeyValueChange], found: [JournalRecord] = [], suite: String,
        writer: PersistentKeyValueChange.Writer, onFailure: (PersistentKeyValueStoreError) -> Void,
        making write: (_ stage: () -> Void) throws -> Void
    ) throws {
        var staged = false
        var unstaged: FileStoreError?
        // Told once the write is made or has failed: `write` calls the staging mid-way, and cannot be handed the
        // caller's closure as well.
        defer { if let unstaged { onFailure(PersistentKeyValueStoreError(.io, message: "\(unstaged)")) } }
        try write {
            do throws(FileStoreError) {
                try stage(changes, found: found, suite: suite)
                staged = true
            } catch {
                unstaged = error
            }
        }
        guard staged, let identifier = writer.write else { return }
        do {
            try commit(identifier, count: changes.count, suite: suite)
        } catch {
            onFailure(PersistentKeyValueStoreError(.io, message: "\(error)"))
        }
    }

    /// A suite's history, oldest first.
    ///
    /// - Parameters:
    ///   - suite: The suite's journal name.
    ///   - key: Only this key's changes; every key's when `nil`.
    ///   - limit: At most this many, the newest.
    /// - Returns: The changes.
    public func history(suite: String, key: String?, limit: Int?) -> [PersistentKeyValueChange] {
        guard let name = SuiteName(rawValue: suite) else { return [] }
        return journal.records(of: name, key: key, limit: limit).map(\.change)
    }

    /// The suites this journal holds a history of, by their journal names: for a store whose own listing lags behind
    /// what it holds (xfconfd lists a channel only once it has saved its file, seconds after its first property).
    ///
    /// - Returns: The names, sorted; none when the folder cannot be read.
    public func journaledSuites() -> [String] {
        let suffix = ".jsonl"
        // A folder that cannot be read holds no history to list; reading a suite's history says why.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: journal.directory.string)) ?? []
        return entries.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map { String($0.dropLast(suffix.count)) }
            .filter { SuiteName(rawValue: $0) != nil }.sorted()
    }

    /// Records what another program changed unseen since the journal last recorded each key
    /// (`ChangeJournal/reconcile(of:named:holding:)`), so that the history read next never claims a value the
    /// suite does not hold.
    ///
    /// Best effort: a lock held longer than `timeout`, or a journal that cannot be written, leaves the history as it
    /// is, said in one line (`reportUnreconciled(_:suite:)`), and the next reader tries again.
    ///
    /// - Parameters:
    ///   - suite: The suite's journal name.
    ///   - name: The suite's name, as changes carry it.
    ///   - timeout: How long to wait for the suite's lock.
    ///   - values: What the suite holds now, read under the lock, as its writes record values.
    public func reconcile(
        suite: String, named name: String, timeout: Duration, holding values: () throws -> [String: PropertyListValue]
    ) {
        guard let journalName = SuiteName(rawValue: suite) else { return }
        do {
            try withLock(suite, timeout: timeout) {
                let current = try values()
                try journal.reconcile(of: journalName, named: name) { current[$0] }
            }
        } catch {
            Self.reportUnreconciled(error, suite: name)
        }
    }

    /// Says that a suite's history could not be brought up to what the suite holds: it is read as it is, and may end
    /// at a value another program has since changed.
    ///
    /// - Parameters:
    ///   - error: Why: a lock held too long, a file or journal that cannot be read or written.
    ///   - suite: The suite's name.
    package static func reportUnreconciled(_ error: any Error, suite: String) {
        let problem =
            "the history of \(suite) may not show another program's latest change: \(error); the next read tries again"
        // Logged as an error so that it shows at prefs' default level; the history is read all the same.
        PrefsLogging.logger.error("warning: \(TextEscaping.escaped(problem))")
    }

    /// Attributes changes seen to the writers the journal names (`ChangeJournal/attribute(_:of:named:)`), and
    /// records those it cannot attribute as an unknown writer's.
    ///
    /// - Parameters:
    ///   - differences: Each changed key, with what it held before and holds now.
    ///   - suite: The suite's journal name.
    ///   - name: The suite's name, as changes carry it.
    ///   - timeout: How long to wait for the lock to record unknown writers; they go unrecorded after it.
    ///   - heard: Names the writer of a key's change the journal does not explain, where the store can tell (the
    ///     process that called the store's service, heard on the session bus); such a change is recorded as that
    ///     writer's. `nil` where nothing can tell.
    /// - Returns: The changes, attributed.
    public func attribute(
        _ differences: [(key: String, old: PropertyListValue?, new: PropertyListValue?)], suite: String,
        named name: String, timeout: Duration,
        heard: ((String) -> PersistentKeyValueChange.Writer?)? = nil
    ) -> [PersistentKeyValueChange] {
        guard let journalName = SuiteName(rawValue: suite) else {
            return differences.map {
                PersistentKeyValueChange(suite: name, key: $0.key, oldValue: $0.old, newValue: $0.new)
            }
        }
        let (events, unknown) = journal.attribute(differences, of: journalName, named: name, heard: heard)
        if !unknown.isEmpty {
            try? withLock(suite, timeout: timeout) { try journal.recordUnknownWriters(unknown, of: journalName) }
        }
        return events
    }
}
