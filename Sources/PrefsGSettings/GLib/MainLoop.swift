import Logging
import PrefsCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread that runs GLib's default main context, where GSettings delivers its "changed" signals, while some
/// store's `run()` runs.
///
/// GLib's default context is one per process, so the thread is too: the first `run()` starts it and the last one to
/// end stops it. Nothing runs before.
enum MainLoop {
    private struct State {
        var runners = 0
        var generation = 0
    }

    private static let state = Mutex(State())

    /// Runs GLib's default main context on a thread of its own until the task is cancelled, calling `afterEvents`
    /// on that thread after each event.
    ///
    /// - Parameter afterEvents: Called after each iteration, with the thread's events dispatched.
    static func run(afterEvents: @escaping @Sendable () -> Void) async {
        let start = state.withLock { state in
            state.runners += 1
            return state.runners == 1 ? Optional(state.generation) : nil
        }
        if let generation = start {
            let failure = DetachedThread.start {
                while state.withLock({ $0.generation == generation && $0.runners > 0 }) {
                    GIO.iterateDefaultContext()
                    afterEvents()
                }
            }
            if failure != 0 {
                PrefsLogging.logger.error(
                    "cannot start GLib's main loop: \(String(cString: strerror(failure))); GSettings changes are not seen",
                    metadata: ["store": "GSettings"])
            }
        }
        // Returns when the task is cancelled: an `AsyncStream` iterator returns `nil` then.
        let (waiting, continuation) = AsyncStream.makeStream(of: Never.self)
        for await _ in waiting {}
        continuation.finish()
        state.withLock { state in
            state.runners -= 1
            if state.runners == 0 { state.generation += 1 }
        }
        GIO.wakeDefaultContext()
    }
}
