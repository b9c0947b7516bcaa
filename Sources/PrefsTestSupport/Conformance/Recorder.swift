import PrefsKit
import Synchronization

/// Collects changes from an observer, for a check to wait on.
final class Recorder: Sendable {
    private let received = Mutex<[PersistentKeyValueChange]>([])

    func add(_ batch: [PersistentKeyValueChange]) { received.withLock { $0 += batch } }

    func reset() { received.withLock { $0 = [] } }

    var changes: [PersistentKeyValueChange] { received.withLock { $0 } }

    /// Waits until at least `count` changes have arrived.
    ///
    /// - Returns: Whether they did in time.
    func waitFor(count: Int, within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while changes.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return changes.count >= count
    }
}
