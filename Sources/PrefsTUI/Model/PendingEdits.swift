import PrefsCore
public import PrefsTools

/// Delayed mode (`P`) and the edits it holds until `A` writes them or `D` drops them, in the order they were first
/// made, one per suite and key.
public struct PendingEdits {
    /// Whether edits wait for `A` rather than being written at once.
    public internal(set) var isDelayed = false
    /// The edits held, in the order they were first made.
    public private(set) var changes: [PendingChange] = []
    /// Where each held key is in ``changes``, by suite and key.
    private var positions: [SuiteKey: Int] = [:]

    /// The number of edits held.
    public var count: Int { changes.count }

    /// Whether no edit is held.
    public var isEmpty: Bool { changes.isEmpty }

    /// The suites the held edits change, sorted.
    var suites: [String] { Set(changes.map(\.suite)).sorted() }

    /// The edit held for a key, if any.
    public func change(suite: String, key: String) -> PendingChange? {
        positions[SuiteKey(suite: suite, key: key)].map { changes[$0] }
    }

    /// Holds a new value for a key, replacing an earlier one; an edit back to the value it was made against is
    /// dropped, since it is no change.
    ///
    /// - Parameters:
    ///   - value: The value to write; `nil` removes the key.
    ///   - key: The key.
    ///   - suite: Its suite.
    ///   - original: What the store holds now, kept the first time the key is edited.
    mutating func hold(
        _ value: PropertyListValue?, forKey key: String, inSuite suite: String, original: () -> PropertyListValue?
    ) {
        let id = SuiteKey(suite: suite, key: key)
        if let position = positions[id] {
            changes[position].value = value
        } else {
            positions[id] = changes.count
            changes.append(PendingChange(suite: suite, key: key, original: original(), value: value))
        }
        drop { $0.value == $0.original }
    }

    /// Holds an edit kept from an earlier run, with the value it was made against.
    mutating func restore(_ change: PendingChange) {
        positions[SuiteKey(suite: change.suite, key: change.key)] = changes.count
        changes.append(change)
    }

    /// Drops the edits that match.
    mutating func drop(where shouldDrop: (PendingChange) -> Bool) {
        changes.removeAll(where: shouldDrop)
        positions = Dictionary(
            uniqueKeysWithValues: changes.enumerated().map { (SuiteKey(suite: $1.suite, key: $1.key), $0) })
    }
}
