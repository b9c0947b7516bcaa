public import PrefsCore
import PrefsStoreKit
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - API

extension FileSuite {
    /// Writes several keys with one lock and one swap.
    ///
    /// Under the suite's lock the file is read as it is now (another program may have rewritten it in place), only
    /// these keys are changed, every other entry is copied byte for byte, and the new file is swapped into place; each
    /// change is recorded in the journal first. Changes another process made in the meantime are delivered to
    /// observers first, attributed to their writer.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - recoveringCorruptFile: Whether to move an unreadable file aside (see ``recover(from:)``) instead of
    ///     refusing.
    ///   - expecting: What some keys must hold under the lock for the write to be made; `nil` means not stored.
    ///     When one holds something else, nothing is written, but the suite takes in the file as read, so that the
    ///     caller reads the newest value at once, and observers are told of the changes.
    ///   - format: The format to write the file in; `nil` keeps the file's (``FileStore/newSuiteFormat`` for a new
    ///     suite). Another format rewrites the whole file, after checking that every value reads back identical in it.
    /// - Returns: The changes that took effect; keys whose value was already the one given are left out.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/corrupt(suite:path:reason:)`` or ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)``
    ///   when the file cannot be used and is not being recovered; ``/PrefsStoreKit/FileStoreError/unrepresentable(suite:key:reason:)``
    ///   when writing would change another key's value; ``/PrefsStoreKit/FileStoreError/locked(suite:path:holder:seconds:)`` when
    ///   another process holds the lock without writing for longer than the store's ``FileStore/lockTimeout``;
    ///   ``/PrefsStoreKit/FileStoreError/changedSince(suite:key:)`` when a key does not hold what `expecting` says;
    ///   ``/PrefsStoreKit/FileStoreError/lockedKey(suite:key:lockFile:)`` when a system lock file fixes one of the keys;
    ///   ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` or ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)``. Nothing is written
    ///   then.
    @discardableResult
    public func commit(
        _ changes: [String: PropertyListValue?], recoveringCorruptFile: Bool,
        expecting: [String: PropertyListValue?] = [:], format: SuiteFileFormat? = nil
    ) throws(FileStoreError) -> [PersistentKeyValueChange] {
        guard !changes.isEmpty else { return [] }
        return try write(changes, recoveringCorruptFile: recoveringCorruptFile, expecting: expecting, format: format)
    }

    /// ``commit(_:recoveringCorruptFile:expecting:format:)``, or, with `removingFile`, the removal of every key
    /// given and of the file itself, which must then hold no other key (``removeSuite()``).
    ///
    /// The kit's one journaled write (`SuiteJournal.write`), under the lock beside the suite's file: the plan reads
    /// the file as it is now and decides; the make swaps the new file in (or removes it), its records staged just
    /// before the rename.
    func write(
        _ changes: [String: PropertyListValue?], recoveringCorruptFile: Bool,
        expecting: [String: PropertyListValue?] = [:], format: SuiteFileFormat? = nil, removingFile: Bool = false
    ) throws(FileStoreError) -> [PersistentKeyValueChange] {
        try checkUnlocked(changes.keys)
        // What the plan found another process had changed unseen, told before this write's own; and the key whose
        // value was not the one `expecting` says.
        var missed: [PersistentKeyValueChange] = []
        var conflict: String?
        let applied: [PersistentKeyValueChange]
        do {
            applied = try store.suiteJournal.write(
                suite: files.name.rawValue, timeout: store.lockTimeout,
                onFailure: { reportWriteFailure(Self.historyLost($0.message)) }, lock: files.suiteLock,
                plan: { writer throws(FileStoreError) in
                    let planned = try plan(
                        changes, writer: writer, recoveringCorruptFile: recoveringCorruptFile, expecting: expecting,
                        format: format, removingFile: removingFile)
                    (missed, conflict) = (planned.missed, planned.conflict)
                    return planned.plan
                })
        } catch let error as FileStoreError {
            throw error
        } catch {
            throw .io(path: files.plist.string, operation: "write", reason: "\(error)")
        }
        post(missed + applied)
        if let key = conflict { throw .changedSince(suite: name, key: key) }
        return applied
    }

    /// Plans a write under the suite's lock: reads the file as it is now, and returns how to make the write, or
    /// `nil` when there is nothing to write or a key does not hold what `expecting` says.
    private func plan(
        _ changes: [String: PropertyListValue?], writer: PersistentKeyValueChange.Writer, recoveringCorruptFile: Bool,
        expecting: [String: PropertyListValue?], format: SuiteFileFormat?, removingFile: Bool
    ) throws(FileStoreError) -> (plan: SuiteJournal.Plan?, missed: [PersistentKeyValueChange], conflict: String?) {
        let snapshot = withState { $0 }
        let current: SuiteImage
        var touched: [String]?
        do throws(FileStoreError) {
            let previous = snapshot.problem == nil ? snapshot.image : nil
            let version = try files.readSettled(previous: previous, underLock: true, keepingBytes: true)
            current = version?.image ?? .empty
            touched = snapshot.problem == nil ? version?.touched : nil
        } catch  where error.isSuiteProblem && recoveringCorruptFile {
            _ = try files.moveAside()
            current = .empty
        }
        store.journal.commitPendingWrite(of: files.name) { current.value(forKey: $0) }
        let target =
            format ?? (current.isEmptyFile ? (files.formatOfPreviousVersion() ?? store.newSuiteFormat) : current.format)
        let converting = target != current.format && !current.isEmptyFile
        let unseen = attribute(current.differences(from: snapshot.image, among: touched))
        if let key = expecting.keys.sorted().first(where: {
            current.value(forKey: $0) != (expecting[$0] ?? nil)?.stored(in: current.format)
        }) {
            // The caller is told at once what the key holds now, not only when the watcher catches up.
            let seen = State(image: current)
            withState { $0 = seen }
            return (nil, unseen.events, key)
        }
        var effective: [String: PropertyListValue?] = [:]
        var applied: [PersistentKeyValueChange] = []
        for key in changes.keys.sorted() {
            let new = (changes[key] ?? nil)?.stored(in: target)
            let old = current.value(forKey: key)
            guard old != new else { continue }
            effective[key] = .some(new)
            applied.append(
                PersistentKeyValueChange(
                    suite: name, key: key, oldValue: old, newValue: new, origin: .thisProcess, writer: writer))
        }
        guard !applied.isEmpty || converting || removingFile else {
            let unchanged = State(image: current)
            withState { $0 = unchanged }
            return (nil, unseen.events, nil)
        }
        let next: SuiteImage
        do throws(SuiteImage.Loss) {
            next = try current.applying(effective, format: target)
        } catch {
            // A reason that names the value ("42.1, which would read back as 42") does not name a secret's.
            let hides =
                error.reason.contains(SuiteImage.readBackPhrase)
                && store.journal.secrets?.hidden(in: name).contains(error.key) == true
            throw .unrepresentable(
                suite: name, key: error.key,
                reason: hides ? "a secret value the file cannot hold exactly" : error.reason)
        }
        guard let output = next.bytes else {
            throw .unrepresentable(
                suite: name, key: applied.first?.key ?? "", reason: "the file was not read before the write")
        }
        if removingFile {
            // A key written meanwhile by another process is not removed unasked.
            if let kept = next.values.keys.min() {
                throw .unrepresentable(
                    suite: name, key: kept, reason: "it was written since; nothing was removed, delete again")
            }
            return (removal(applied, found: unseen.unknown), unseen.events, nil)
        }
        // Every reader refuses a file past this size, so writing it would lock everyone out of the suite.
        guard output.count <= store.maximumFileSize else {
            throw .tooLarge(suite: name, bytes: output.count, limit: store.maximumFileSize)
        }
        let plan = SuiteJournal.Plan(changes: applied, found: unseen.unknown, madeWithoutChanges: true) {
            [self] stage in
            try making(expecting: output) { beforeSwap throws(FileStoreError) in
                try files.replace(with: output, durability: store.durability) {
                    beforeSwap()
                    stage()
                }
            }
            let written = State(image: next)
            withState { $0 = written }
        }
        return (plan, unseen.events, nil)
    }

    /// Buffers writes made in `body` and commits them together with ``commit(_:recoveringCorruptFile:expecting:format:)``.
    ///
    /// ```swift
    /// try suite.transaction { batch in
    ///     try batch.set(.theme, to: .dark)
    ///     try batch.set(.fontScale, to: 1.25)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - recoveringCorruptFile: Whether to move an unreadable file aside instead of refusing.
    ///   - body: Records the changes; if it throws, nothing is written.
    /// - Returns: The changes that took effect.
    /// - Throws: What `body` throws, or the ``/PrefsStoreKit/FileStoreError`` of the commit.
    @discardableResult
    public func transaction(
        recoveringCorruptFile: Bool = false, _ body: (inout FileSuiteTransaction) throws -> Void
    ) throws -> [PersistentKeyValueChange] {
        var transaction = FileSuiteTransaction()
        try body(&transaction)
        return try commit(transaction.changes, recoveringCorruptFile: recoveringCorruptFile)
    }

    /// What a write that went ahead without its journal record says: the value is written, its history is not.
    static func historyLost(_ error: String) -> PersistentKeyValueStoreError {
        PersistentKeyValueStoreError(
            .io,
            message: "the change was written, but not its history (\(error)); prefs log, watch and undo will not "
                + "know of it")
    }
}

/// Changes buffered for one ``FileSuite/transaction(recoveringCorruptFile:_:)``.
public struct FileSuiteTransaction: Sendable {
    /// The value to store for each key, or `nil` to remove it.
    public private(set) var changes: [String: PropertyListValue?] = [:]

    /// Buffers a typed value.
    ///
    /// A write to a debug key in a release build is ignored, as ``/PrefsCore/PersistentKeyValueStore/set(_:to:)`` ignores it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value; an Optional's `nil` removes the key.
    /// - Throws: ``/PrefsCore/PersistentValueEncodingError`` when the value cannot be encoded; the transaction is then abandoned.
    public mutating func set<Key: PersistentKeyProtocol>(_ key: Key, to value: Key.Value)
        throws(PersistentValueEncodingError)
    {
        guard key.isMutable else { return }
        changes[key.id] = .some(try key.encode(value))
    }

    /// Buffers the removal of a key.
    ///
    /// - Parameter key: The key.
    public mutating func remove<Key: PersistentKeyProtocol>(_ key: Key) {
        guard key.isMutable else { return }
        changes[key.id] = .some(nil)
    }

    /// Buffers a primitive value, or a removal when `value` is `nil`.
    ///
    /// - Parameters:
    ///   - value: The primitive.
    ///   - key: The key's identifier.
    public mutating func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) {
        changes[key] = .some(value)
    }
}
