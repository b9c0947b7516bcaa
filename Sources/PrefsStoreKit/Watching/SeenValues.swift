public import PrefsCore
import Synchronization

/// What a store last saw a suite hold, for the stores whose values live in another program (dconf, xfconfd): a change
/// signal names keys, and this tells which of them hold something new.
///
/// The store's own write is recorded as part of making it (``making(_:_:)``), under the same lock the signal's
/// reader compares under (``differences(_:)``), so that the signal of one's own write is never told as another
/// program's, nor told twice, nor told backwards (the old value read just before the write compared after it).
public final class SeenValues: Sendable {
    /// One key whose value differs from what was seen.
    public typealias Difference = (key: String, old: PropertyListValue?, new: PropertyListValue?)

    /// `nil` until primed, for a store that reads a suite only once it is observed.
    private let values: Mutex<[String: PropertyListValue]?>

    /// - Parameter values: What the suite holds now, or `nil` to be primed later (``prime(_:)``).
    public init(_ values: [String: PropertyListValue]? = nil) {
        self.values = Mutex(values)
    }

    /// Whether ``prime(_:)`` or the initialiser gave it values.
    public var isPrimed: Bool { values.withLock { $0 != nil } }

    /// The keys seen, for a signal that names a whole folder reset.
    public var keys: [String] { values.withLock { $0.map { Array($0.keys) } ?? [] } }

    /// Starts from what the suite holds now, unless something was seen already.
    public func prime(_ current: [String: PropertyListValue]) {
        values.withLock { values in
            if values == nil { values = current }
        }
    }

    /// Starts again from other values: what a suite opened before it could be read holds, or nothing, for a suite
    /// whose every key is to be told as new.
    public func replace(with current: [String: PropertyListValue]) {
        values.withLock { $0 = current }
    }

    /// Compares what a suite holds now with what was seen, and records it.
    ///
    /// - Parameter now: Each key named, with what it holds now (`nil`: not set).
    /// - Returns: The keys whose value changed, each with what was seen before; before priming, every key that holds
    ///   something, as new.
    public func differences(_ now: [(key: String, value: PropertyListValue?)]) -> [Difference] {
        differences { _ in now }
    }

    /// Reads what a suite holds now under the lock its writes are recorded under, compares it with what was seen,
    /// and records it: a read made before a write of this process's is never compared after it.
    ///
    /// - Parameter read: Reads each key named, with what it holds now (`nil`: not set), given the keys seen.
    /// - Returns: The keys whose value changed, each with what was seen before.
    public func differences(reading read: (_ seenKeys: [String]) -> [(key: String, value: PropertyListValue?)])
        -> [Difference]
    {
        values.withLock { values in
            var differences: [Difference] = []
            for (key, value) in read(values.map { Array($0.keys) } ?? []) where values?[key] != value {
                differences.append((key, values?[key], value))
                values?[key] = value
            }
            return differences
        }
    }

    /// Makes a write of this process's and records its changes as seen, as one step for ``differences(_:)``.
    ///
    /// - Parameters:
    ///   - changes: The changes the write makes.
    ///   - make: The store's call; when it throws, nothing is recorded.
    /// - Throws: What `make` throws.
    public func making<Failure: Error>(
        _ changes: [PersistentKeyValueChange], _ make: () throws(Failure) -> Void
    ) throws(Failure) {
        try values.withLock { values throws(Failure) in
            try make()
            guard values != nil else { return }
            for change in changes { values?[change.key] = change.newValue }
        }
    }
}
