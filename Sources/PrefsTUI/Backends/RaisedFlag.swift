import Synchronization

/// A flag one thread raises and another takes down when it looks: a wake-up, a schema change to read.
final class RaisedFlag: Sendable {
    private let raised = Mutex(false)

    /// Raises the flag; raising it again before it is taken changes nothing.
    func raise() {
        raised.withLock { $0 = true }
    }

    /// Whether the flag was raised since the last look; it is down afterwards.
    ///
    /// - Returns: `true` once per raising.
    func take() -> Bool {
        raised.withLock { flag in
            defer { flag = false }
            return flag
        }
    }

    /// Whether the flag is raised, leaving it as it is.
    var isRaised: Bool { raised.withLock { $0 } }
}
