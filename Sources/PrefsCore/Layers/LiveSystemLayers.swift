public import Synchronization

/// A suite's system layers as its store last read them, shared by the store and the observers of its keys.
///
/// Stores are not required to be `Sendable`, so an observer cannot call back into one; it holds this instead, and
/// reads the layers as they are when a change arrives. The store replaces them when a layer or lock file changes.
public final class LiveSystemLayers: Sendable {
    @usableFromInline let layers: Mutex<SystemLayers>
    /// Whether the layers lock nothing, readable without copying them: every typed read asks.
    @usableFromInline let unlocked: Atomic<Bool>

    /// Creates a holder.
    ///
    /// - Parameter initial: The layers to start with.
    public init(_ initial: SystemLayers = .none) {
        layers = Mutex(initial)
        unlocked = Atomic(initial.locks.isEmpty)
    }

    /// Whether the layers lock no key, read without taking the lock or copying them.
    @inlinable public var locksNothing: Bool { unlocked.load(ordering: .acquiring) }

    /// Whether a key is locked, read without copying the layers: a typed read of a suite that locks some keys asks
    /// this for the key it reads.
    ///
    /// - Parameter key: The key's identifier.
    /// - Returns: `true` when a lock names the key or the whole suite.
    @inlinable
    public func isLocked(_ key: String) -> Bool {
        if locksNothing { return false }
        return layers.withLock { $0.locks.lock(forKey: key) != nil }
    }

    /// The layers now.
    public var current: SystemLayers { layers.withLock { $0 } }

    /// Replaces the layers.
    ///
    /// - Parameter new: The layers as read now.
    /// - Returns: The layers they replace.
    @discardableResult
    public func replace(with new: SystemLayers) -> SystemLayers {
        layers.withLock { layers in
            let old = layers
            layers = new
            unlocked.store(new.locks.isEmpty, ordering: .releasing)
            return old
        }
    }
}
