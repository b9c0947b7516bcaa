import Foundation
public import PrefsKit

// MARK: - API

extension FileSuite {
    /// Writes several keys with one lock and one rename.
    ///
    /// Under the suite's lock the latest file is read if another process changed it since the snapshot, only these
    /// keys are changed, and the new file is renamed into place; each change is then recorded in the journal. Changes
    /// another process made in the meantime are delivered to observers first, attributed to their writer.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - recoveringCorruptFile: Whether to move an unreadable file aside (see ``recover()``) instead of refusing.
    /// - Returns: The changes that took effect; keys whose value was already the one given are left out.
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file is unreadable and not being recovered,
    ///   or ``FileStoreError/io(path:operation:reason:)``. Nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], recoveringCorruptFile: Bool = false)
        throws(FileStoreError) -> [PersistentKeyValueChange]
    {
        guard !changes.isEmpty else { return [] }
        let writer = PersistentKeyValueChange.Writer.current
        let outcome: (missed: [PersistentKeyValueChange], applied: [PersistentKeyValueChange]) = try files.withLock(
            exclusive: true
        ) {
            () throws(FileStoreError) -> ([PersistentKeyValueChange], [PersistentKeyValueChange]) in
            let snapshot = withState { $0 }
            let currentImage: SuiteImage
            var touched: [String]?
            let onDisk = try identityOnDisk()
            let unchanged = onDisk == snapshot.identity && snapshot.problem == nil
            if unchanged {
                currentImage = snapshot.image
            } else {
                do throws(FileStoreError) {
                    let previous = snapshot.problem == nil ? snapshot.image : nil
                    let read = try files.read(restoring: true, previous: previous)
                    currentImage = read?.image ?? .empty
                    touched = read?.touched
                } catch .corrupt where recoveringCorruptFile {
                    _ = try files.moveAside()
                    currentImage = .empty
                } catch {
                    throw error
                }
            }
            let current = currentImage.values
            let unseen: (events: [PersistentKeyValueChange], unknown: [JournalRecord]) =
                unchanged ? ([], []) : attribute(differences(from: snapshot.values, to: current, among: touched))
            var effective: [String: PropertyListValue?] = [:]
            var applied: [PersistentKeyValueChange] = []
            for key in changes.keys.sorted() {
                let new = (changes[key] ?? nil)?.asStoredInFile
                guard current[key] != new else { continue }
                effective[key] = .some(new)
                applied.append(
                    PersistentKeyValueChange(
                        suite: name, key: key, oldValue: current[key], newValue: new, origin: .thisProcess,
                        writer: writer))
            }
            guard !applied.isEmpty else {
                withState { $0 = State(image: currentImage, identity: onDisk, problem: nil, expected: nil) }
                return (unseen.events, [])
            }
            let records = applied.map {
                JournalRecord(
                    time: writer.time ?? Date(), pid: writer.pid, process: writer.processName, suite: name, key: $0.key,
                    old: $0.oldValue, new: $0.newValue)
            }
            let next = currentImage.applying(effective)
            let identity = try files.replace(with: next, durability: store.durability) { identity in
                withState { $0.expected = identity }
                // Before the swap, so that a watcher woken by it finds who wrote the change without waiting for the
                // lock. A writer killed between the two leaves a record of a change that did not take effect.
                do throws(FileStoreError) {
                    try store.journal.append(unseen.unknown + records, to: files.name)
                } catch {
                    // A journal that cannot be written loses only the history; the write goes ahead.
                    reportWriteFailure(error.storeError)
                }
            }
            withState { $0 = State(image: next, identity: identity, problem: nil, expected: nil) }
            return (unseen.events, applied)
        }
        post(outcome.missed + outcome.applied)
        return outcome.applied
    }

    /// Buffers writes made in `body` and commits them together with ``commit(_:recoveringCorruptFile:)``.
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
    /// - Throws: What `body` throws, or the ``FileStoreError`` of the commit.
    @discardableResult
    public func transaction(
        recoveringCorruptFile: Bool = false, _ body: (inout FileSuiteTransaction) throws -> Void
    ) throws -> [PersistentKeyValueChange] {
        var transaction = FileSuiteTransaction()
        try body(&transaction)
        return try commit(transaction.changes, recoveringCorruptFile: recoveringCorruptFile)
    }

    func identityOnDisk() throws(FileStoreError) -> FileIdentity? {
        do {
            return try FileIdentity.of(files.plist)
        } catch {
            throw FileStoreError.io(path: files.plist.string, operation: "stat", reason: "\(error)")
        }
    }
}

/// Changes buffered for one ``FileSuite/transaction(recoveringCorruptFile:_:)``.
public struct FileSuiteTransaction: Sendable {
    /// The value to store for each key, or `nil` to remove it.
    public private(set) var changes: [String: PropertyListValue?] = [:]

    /// Buffers a typed value.
    ///
    /// A write to a debug key in a release build is ignored, as ``PersistentKeyValueStore/set(_:to:)`` ignores it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value; an Optional's `nil` removes the key.
    /// - Throws: ``PersistentValueEncodingError`` when the value cannot be encoded; the transaction is then abandoned.
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
