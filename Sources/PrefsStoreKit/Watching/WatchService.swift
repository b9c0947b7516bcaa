public import PrefsCore
import ServiceLifecycle

/// The `run()` of a store whose other processes' changes come from a watch it starts itself (the file store, the
/// KConfig store): the watch is held until the task is cancelled or a graceful shutdown begins, and its death, which
/// the store reports to its observers, ends the run with that error.
public enum WatchService {
    /// Holds a watch until the task ends, or the watch dies.
    ///
    /// - Parameters:
    ///   - token: The watch, cancelled when this returns.
    ///   - notifier: Where the store reports the watch's death.
    /// - Throws: The watch's death, as the store reported it.
    public static func run(
        holding token: PersistentKeyValueObservation, problemsOf notifier: PersistentKeyValueChangeNotifier
    )
        async throws
    {
        defer { token.cancel() }
        let (problems, continuation) = AsyncStream.makeStream(of: (any Error).self)
        let observation = notifier.addObserver({ _ in }, onProblem: { continuation.yield($0) })
        defer { observation.cancel() }
        // The loop ends when the task is cancelled: an `AsyncStream` iterator returns `nil` then.
        for await problem in problems.cancelOnGracefulShutdown() { throw problem }
    }
}
