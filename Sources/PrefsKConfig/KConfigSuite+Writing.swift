public import PrefsCore
import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

extension KConfigSuite {
    /// Writes several keys as one save of the file, as KDE saves one: under the suite's journal lock and KDE's own
    /// `<file>.lock`, the file is read afresh, each change made to its own line (`KConfigFile.set(_:to:)`), the
    /// file replaced atomically, and the change announced to running KDE programs (`KConfigNotification`).
    ///
    /// A key that holds the value given already is left out; `nil` removes a key's entry, so that it reads as the
    /// system copy's value or the default. A `[$e]` key keeps its `[$e]`: the text written is stored as it is, so that
    /// `$HOME/x` stays a variable, and its changes carry the text unexpanded, so that undo puts back the variable.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What some keys must hold for the write to be made; `nil` means not stored.
    /// - Returns: The changes that took effect.
    /// - Throws: ``KConfigStoreError`` for a key name that names no key, a value not of the key's type, an immutable
    ///   key, a lock held too long or a failed write; ``/PrefsCore/PersistentKeyValueStoreError`` when a key does not
    ///   hold what `expecting` says. Nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        guard !changes.isEmpty else { return [] }
        let journalName = KConfigStore.journalName(name)
        let target = try KConfigDisk.target(of: path)
        // As KDE's KConfig makes the configuration folder a first save needs (~/.config on a new account).
        do {
            try FileSystem.createDirectory(target.removingLastComponent())
        } catch {
            throw KConfigStoreError.writeFailed(path: target.string, reason: "cannot create its folder: \(error)")
        }
        let lockFile = QtLockFile(path: FilePath(target.string + ".lock"))
        let applied = try store.journal.write(
            suite: journalName, timeout: store.lockTimeout, onFailure: reportWriteFailure
        ) { steps in
            do {
                return try lockFile.withLock(timeout: store.lockTimeout, steps)
            } catch let error as QtLockFileError {
                throw KConfigStoreError(error)
            }
        } plan: { writer in
            let snapshot = try Self.read(name: name, store: store)
            if let key = differing(expecting, in: snapshot).first {
                throw PersistentKeyValueStoreError.changedSince(key: key)
            }
            var file = snapshot.file
            var applied: [PersistentKeyValueChange] = []
            for key in changes.keys.sorted() {
                guard let path = KConfigKeyPath(name: key) else {
                    throw KConfigStoreError.invalidKeyName(suite: name, key: key)
                }
                if let lock = Self.immutability(of: key, in: snapshot) {
                    throw KConfigStoreError.immutable(suite: name, key: key, file: lock)
                }
                let old = snapshot.user.values[path]
                let oldValue = old.map { recorded($0, key: key) }
                guard let value = changes[key] ?? nil else {
                    if file.remove(path) { applied.append(change(key, old: oldValue, new: nil, writer: writer)) }
                    continue
                }
                let text = try self.text(of: value, key: key)
                if let old, old.raw == text { continue }
                file.set(path, to: text)
                let newValue = (types[key] ?? .string).value(of: text)
                applied.append(change(key, old: oldValue, new: newValue, writer: writer))
            }
            let saved = file
            return SuiteJournal.Plan(changes: applied) { [self] in
                try exchange.withLock { _ throws(KConfigStoreError) in
                    if saved.lines.isEmpty {
                        // KConfig removes a file it would save empty.
                        try KConfigDisk.remove(target)
                    } else {
                        try KConfigDisk.replace(target, with: saved.bytes)
                    }
                    // Read back before the watch may tell it; a file unreadable now is told by the watch instead.
                    if let written = try? Self.read(name: name, store: store) { adopt(written) }
                }
            }
        }
        guard !applied.isEmpty else { return [] }
        KConfigNotification.configChanged(
            name, keys: applied.compactMap { KConfigKeyPath(name: $0.key) }, environment: store.environment)
        post(applied)
        return applied
    }

    /// A change of this process's.
    private func change(
        _ key: String, old: PropertyListValue?, new: PropertyListValue?, writer: PersistentKeyValueChange.Writer
    )
        -> PersistentKeyValueChange
    {
        PersistentKeyValueChange(
            suite: name, key: key, oldValue: old, newValue: new, origin: .thisProcess, writer: writer)
    }

    /// A value as a change records it: the text unexpanded for a `[$e]` entry, so that undoing the change writes the
    /// variable back, not what it expanded to here.
    func recorded(_ value: KConfigLayer.Value, key: String) -> PropertyListValue {
        value.expands
            ? (types[key] ?? .string).value(of: value.raw)
            : Self.typed(value, key: key, types: types, environment: store.environment)
    }

    /// The keys that no longer hold what a caller read: a `[$e]` entry holds both its text and what it expands to.
    public func keys(differingFrom expected: [String: PropertyListValue?]) -> [String] {
        differing(expected, in: current())
    }

    /// The keys of a snapshot that do not hold what a caller read, sorted.
    private func differing(_ expected: [String: PropertyListValue?], in snapshot: Snapshot) -> [String] {
        expected.keys.sorted().filter { key in
            let wanted = expected[key] ?? nil
            guard let path = KConfigKeyPath(name: key), let value = snapshot.user.values[path] else {
                return wanted != nil
            }
            return wanted != self.value(forKey: key, in: snapshot) && wanted != recorded(value, key: key)
        }
    }

    /// The text KConfig writes for a value: by the schema's type, or, for a key it does not declare, text as it is,
    /// a number or a flag as KConfig writes one, a list of texts as a KConfig list.
    private func text(of value: PropertyListValue, key: String) throws(KConfigStoreError) -> String {
        if let type = types[key] {
            guard let text = type.text(of: value) else {
                throw .invalidValue(
                    suite: name, key: key, reason: "\(value.kind) is not what its schema's \(type) holds")
            }
            return text
        }
        for type in [KConfigValueType.string, .bool, .int, .double, .stringList] {
            if let text = type.text(of: value) { return text }
        }
        throw .invalidValue(suite: name, key: key, reason: "KConfig keeps text, numbers, flags and lists of text")
    }

    /// Delivers changes to this suite's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
