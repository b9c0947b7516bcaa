import Foundation
import PrefsKit

extension FileSuite {
    /// Brings the snapshot up to date with the file and delivers the differences, attributed to their writers.
    ///
    /// The shared lock keeps PrefsKit writers out while the file and the journal are read, so a change and the
    /// journal record of its writer are seen together. A file that no longer decodes empties the snapshot, so reads
    /// return defaults, and sets ``problem``.
    ///
    /// - Parameter posting: Whether to deliver the differences; the first load of a suite delivers nothing.
    func reload(posting: Bool) {
        // Most events are this process's own renames: recognise them without taking the lock, so that the watcher
        // never makes the next write wait.
        if let onDisk = try? identityOnDisk(),
            withState({ ($0.identity == onDisk || $0.expected == onDisk) && $0.problem == nil })
        {
            return
        }
        if posting && reloadWithoutLock() { return }
        var events: [PersistentKeyValueChange] = []
        var unknown: [JournalRecord] = []
        do throws(FileStoreError) {
            try files.withLock(exclusive: false) { () throws(FileStoreError) in
                let snapshot = withState { $0 }
                let onDisk = try identityOnDisk()
                if onDisk == snapshot.expected && onDisk != nil { return }
                if onDisk == snapshot.identity && snapshot.problem == nil && (onDisk != nil || snapshot.values.isEmpty)
                {
                    return
                }
                var next = State()
                var touched: [String]?
                do throws(FileStoreError) {
                    let previous = snapshot.problem == nil ? snapshot.image : nil
                    if let read = try files.read(restoring: true, previous: previous) {
                        next = State(image: read.image, identity: read.identity, problem: nil)
                        touched = read.touched
                    }
                } catch .corrupt(let suite, let path, let reason) {
                    next = State(identity: onDisk, problem: .corrupt(suite: suite, path: path, reason: reason))
                } catch {
                    throw error
                }
                if posting {
                    (events, unknown) = attribute(
                        differences(from: snapshot.values, to: next.values, among: touched))
                }
                withState { $0 = next }
            }
        } catch {
            // The snapshot stays as it was; the next event retries.
            reportWriteFailure(error.storeError)
            return
        }
        post(events)
        recordUnknownWriters(unknown)
    }

    /// Reloads without taking the suite's lock, which is what every watcher does for every change, so that watchers in
    /// many processes do not hold up writers.
    ///
    /// It succeeds only when the journal explains every change and the snapshot is still the one compared against; a
    /// change no record explains may be a writer between its rename and its journal append, and a snapshot that moved
    /// on was updated by this process's own writer. In both cases the locked reload decides.
    ///
    /// - Returns: Whether the reload was done.
    private func reloadWithoutLock() -> Bool {
        let snapshot = withState { $0 }
        guard snapshot.problem == nil, let read = try? files.read(previous: snapshot.image) else { return false }
        // An empty file beside a staged one may be what a power loss left; the locked read can bring back the last one.
        if read.image.values.isEmpty && files.hasStagedFile { return false }
        if read.identity == snapshot.identity || read.identity == snapshot.expected { return true }
        let diff = differences(from: snapshot.values, to: read.image.values, among: read.touched)
        let (events, unknown) = attribute(diff)
        guard unknown.isEmpty else { return false }
        let applied = withState { state in
            guard state.identity == snapshot.identity, state.expected == snapshot.expected, state.problem == nil else {
                return false
            }
            state = State(image: read.image, identity: read.identity, problem: nil, expected: nil)
            return true
        }
        if applied { post(events) }
        return applied
    }

    /// The keys whose values differ between two versions of the suite, in key order.
    ///
    /// - Parameters:
    ///   - old: The values before.
    ///   - new: The values after.
    ///   - candidates: The only keys that can differ, when known (see ``SuiteFiles/read(restoring:previous:)``).
    /// - Returns: Each changed key with its old and new value.
    func differences(
        from old: [String: PropertyListValue], to new: [String: PropertyListValue], among candidates: [String]? = nil
    ) -> [(key: String, old: PropertyListValue?, new: PropertyListValue?)] {
        var changed: [String] = []
        if let candidates {
            changed = candidates.filter { old[$0] != new[$0] }
        } else {
            for (key, value) in new where old[key] != value { changed.append(key) }
            for key in old.keys where new[key] == nil { changed.append(key) }
        }
        return changed.sorted().map { ($0, old[$0], new[$0]) }
    }

    /// Finds the writer of each change in the end of the journal.
    ///
    /// The newest record of a key is the write that produced the value now seen, if PrefsKit made it. When that record
    /// left another value, or there is none, the change was made by an unknown process (a plain UserDefaults program,
    /// a hand edit) and is returned as a record to add to the journal — or, read without the lock, by a writer that has
    /// not appended its record yet, which is why the lock-free reload hands unexplained changes to the locked one.
    /// Records are read newest first, and only until every changed key has been seen.
    func attribute(_ differences: [(key: String, old: PropertyListValue?, new: PropertyListValue?)])
        -> (events: [PersistentKeyValueChange], unknown: [JournalRecord])
    {
        guard !differences.isEmpty else { return ([], []) }
        let newest = store.journal.newestRecords(of: files.name, forKeys: Set(differences.map(\.key)))
        let ownPID = ProcessInfo.processInfo.processIdentifier
        var events: [PersistentKeyValueChange] = []
        var unknown: [JournalRecord] = []
        for difference in differences {
            let record = newest[difference.key].flatMap { $0.new == difference.new ? $0 : nil }
            let writer = record.flatMap { $0.isUnknownWriter ? nil : $0 }
            events.append(
                PersistentKeyValueChange(
                    suite: name, key: difference.key, oldValue: difference.old, newValue: difference.new,
                    origin: writer?.pid == ownPID ? .thisProcess : .otherProcess, writer: writer?.writer))
            if record == nil {
                unknown.append(
                    JournalRecord(
                        time: Date(), pid: nil, process: nil, suite: name, key: difference.key, old: difference.old,
                        new: difference.new))
            }
        }
        return (events, unknown)
    }

    /// Adds records for changes no journal entry explains, unless another watcher already has.
    private func recordUnknownWriters(_ records: [JournalRecord]) {
        guard !records.isEmpty else { return }
        try? files.withLock(exclusive: true) { () throws(FileStoreError) in
            let recent = store.journal.recentRecords(of: files.name)
            let missing = records.filter { record in
                !recent.contains { $0.describes(key: record.key, old: record.old, new: record.new) }
            }
            try store.journal.append(missing, to: files.name)
        }
    }
}
