import Synchronization

/// What a key read before and after each batch of changes, for observers of a key that was renamed.
///
/// A renamed key reads its newest name that holds a value (``PersistentKeyValueStore/storedPrimitive(of:)``), so a
/// change to one name says nothing alone of what the key reads. This keeps what every name holds, from the changes
/// themselves and, for names no change has touched yet, from one read when observation starts; a migration (the new
/// name set, the old one removed, in one write) is then one change from the old value to the same value, which
/// observers drop. A key that was never renamed passes each change through as it is.
final class RenamedKeyReads: Sendable {
    private let names: [String]
    private let known = Mutex<[String: PropertyListValue?]>([:])

    init(_ key: some PersistentKeyProtocol) {
        names = [key.id] + key.formerIDs
    }

    /// Reads the names no change has reported yet; call it once, after the observer was added.
    ///
    /// - Parameter read: Reads one stored key.
    func seed(_ read: (String) -> PropertyListValue?) {
        guard names.count > 1 else { return }
        let values = names.map { (name: $0, value: read($0)) }
        known.withLock { known in
            for (name, value) in values where known[name] == nil { known[name] = .some(value) }
        }
    }

    /// What the key read before and after each change, or after the whole batch for a renamed key.
    ///
    /// A change to a system layer (``PersistentKeyValueChange/systemLayer``) carries effective values, and passes
    /// through as it is, marked so, without touching what the user's names hold.
    ///
    /// - Parameter changes: One write's changes to the key's names.
    /// - Returns: The value before and after, per change or per batch, and whether they are effective values.
    func apply(_ changes: [PersistentKeyValueChange]) -> [(PropertyListValue?, PropertyListValue?, effective: Bool)] {
        let layered = changes.filter { $0.systemLayer != nil }.map { ($0.oldValue, $0.newValue, effective: true) }
        let user = changes.filter { $0.systemLayer == nil }
        guard names.count > 1 else { return user.map { ($0.oldValue, $0.newValue, effective: false) } + layered }
        guard !user.isEmpty else { return layered }
        return known.withLock { known in
            let before = read(known)
            for change in user { known[change.key] = .some(change.newValue) }
            return [(before, read(known), effective: false)]
        } + layered
    }

    private func read(_ known: [String: PropertyListValue?]) -> PropertyListValue? {
        for name in names {
            if case .some(.some(let value)) = known[name] { return value }
        }
        return nil
    }
}
