import Synchronization

/// The lock every GSettings call is made under: GIO's settings backend is one per process, and holding one lock
/// while a write reads, converts and sets keys makes the write one step for every other thread of the process.
package enum GIOLock {
    private static let lock = Mutex(())

    /// Runs `body` holding the lock.
    package static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { _ throws(Failure) in try body() }
    }
}
