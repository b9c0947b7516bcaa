import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileSuite {
    /// Brings the snapshot up to date with the file and delivers the differences, attributed to their writers.
    ///
    /// The file's bytes are compared with the snapshot's, never only its inode, size and time: a program that
    /// rewrites the file in place within one tick of the clock leaves all three as they were. Most reloads finish
    /// without the lock. An empty or undecodable file, a change the journal cannot explain yet, and a removed file
    /// are settled under the lock, which keeps PrefsKit writers out while the file and the journal are read, so that
    /// a change and the journal record of its writer are seen together. A file that cannot be used empties the
    /// snapshot, so reads return defaults, and sets ``problem``; nothing is restored or moved (see
    /// ``recover(from:)``).
    ///
    /// - Parameter posting: Whether to deliver the differences; the first load of a suite delivers nothing.
    func reload(posting: Bool) {
        // This process is writing the suite: the writer installs what it wrote itself. Its watcher waits for the write
        // to end rather than read the file at once, which on a machine of two processors took one from the other
        // processes' watchers at the moment they had a change to deliver; another writer's change, if one followed,
        // is still read then.
        if posting && withState({ $0.expected != nil }) {
            try? files.withLock(exclusive: true, timeout: store.readerLockTimeout) { () throws(FileStoreError) in }
        }
        let snapshot = withState { $0 }
        do throws(FileStoreError) {
            let version = try files.read(previous: snapshot.problem == nil ? snapshot.image : nil)
            if let version {
                let image = version.image
                // The first load settles an empty file: it may be a rewrite in progress, or what a crash left.
                if posting && snapshot.problem == nil && image.isSameFile(as: snapshot.image) { return }
                if let expected = snapshot.expected, image.holds(expected) { return }
                // An empty file may be a plain UserDefaults program halfway through rewriting it.
                if !image.isEmptyFile {
                    if !posting {
                        let loaded = State(image: version.image)
                        withState { $0 = loaded }
                        return
                    }
                    if apply(version, over: snapshot) { return }
                }
            } else if snapshot.problem == nil && snapshot.image.isEmptyFile {
                return
            }
        } catch {
            // Settled under the lock below: it may be a file being rewritten in place.
        }
        reloadUnderLock(posting: posting)
    }

    /// Applies a version read without the lock, when the journal explains every change and the snapshot is still the
    /// one compared against.
    ///
    /// A change no record explains may be a writer between its swap and its journal append, and a snapshot that
    /// moved on was updated by this process's own writer: in both cases the locked reload decides.
    ///
    /// - Returns: Whether the version was applied.
    private func apply(_ version: SuiteFiles.Version, over snapshot: State) -> Bool {
        let differences = version.image.differences(from: snapshot.image, among: version.touched)
        let (events, unknown) = attribute(differences)
        guard unknown.isEmpty else { return false }
        let next = State(image: version.image)
        let applied = withState { state in
            guard state.image.isSameFile(as: snapshot.image), state.expected == snapshot.expected, state.problem == nil
            else { return false }
            state = next
            return true
        }
        if applied { post(events) }
        return applied
    }

    private func reloadUnderLock(posting: Bool) {
        var events: [PersistentKeyValueChange] = []
        var unknown: [JournalRecord] = []
        do throws(FileStoreError) {
            try files.withLock(exclusive: true, timeout: store.readerLockTimeout) { () throws(FileStoreError) in
                (events, unknown) = settle(posting: posting, underLock: true)
                let image = withState { $0.problem == nil ? $0.image : nil }
                if let image { store.journal.commitPendingWrite(of: files.name) { image.value(forKey: $0) } }
            }
        } catch {
            // The lock stayed taken for seconds, or cannot be had at all (a read-only directory): the file is taken as
            // it is, its changes attributed as far as the journal says, and nothing is added to the journal.
            (events, _) = settle(posting: posting, underLock: false)
            unknown = []
        }
        post(events)
        recordUnknownWriters(unknown)
    }

    /// Reads the file until it settles and makes it the snapshot.
    ///
    /// - Returns: The changes to deliver, and the records to add for changes no writer's record explains.
    private func settle(posting: Bool, underLock: Bool) -> ([PersistentKeyValueChange], [JournalRecord]) {
        let snapshot = withState { $0 }
        var next = State()
        var touched: [String]?
        do throws(FileStoreError) {
            let previous = snapshot.problem == nil ? snapshot.image : nil
            if let version = try files.readSettled(previous: previous, underLock: underLock) {
                if let expected = snapshot.expected, version.image.holds(expected) { return ([], []) }
                next = State(image: version.image)
                touched = version.touched
            }
        } catch {
            next = State(problem: error)
        }
        if snapshot.problem != nil { touched = nil }
        let changes = posting ? attribute(next.image.differences(from: snapshot.image, among: touched)) : ([], [])
        withState { state in
            // A write of this process's that completed meanwhile already holds a newer snapshot.
            guard state.image.isSameFile(as: snapshot.image), state.problem == snapshot.problem else { return }
            state = next
        }
        return changes
    }

    /// Finds the writer of each change in the end of the journal (``ChangeJournal/attribute(_:of:named:)``).
    func attribute(_ differences: [(key: String, old: PropertyListValue?, new: PropertyListValue?)])
        -> (events: [PersistentKeyValueChange], unknown: [JournalRecord])
    {
        store.journal.attribute(differences, of: files.name, named: name)
    }

    /// Adds records for changes no journal entry explains, unless another watcher already has.
    private func recordUnknownWriters(_ records: [JournalRecord]) {
        guard !records.isEmpty else { return }
        try? files.withLock(exclusive: true, timeout: store.readerLockTimeout) { () throws(FileStoreError) in
            try store.journal.recordUnknownWriters(records, of: files.name)
        }
    }
}
