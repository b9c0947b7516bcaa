import Logging
import PrefsCore
import PrefsSystem
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// The thread that runs GLib's default main context, where GSettings, dconf and GDBus deliver their signals, while some
/// store's `run()` runs.
///
/// GLib's default context is one per process, so the thread is too: the first `run()` starts it and the last one to
/// end stops it. Nothing runs before.
package enum MainLoop {
    private struct State {
        var runners = 0
        var generation = 0
        /// What each running `run()` has called after each event, by runner: the stores on GIO share one loop.
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextHandler = 0
    }

    private static let state = Mutex(State())

    /// Runs GLib's default main context on a thread of its own until the task is cancelled, calling `afterEvents`
    /// on that thread after each event, beside every other running `run()`'s.
    ///
    /// - Parameter afterEvents: Called after each iteration, with the thread's events dispatched.
    package static func run(afterEvents: @escaping @Sendable () -> Void) async {
        let (start, handler) = state.withLock { state in
            state.runners += 1
            state.nextHandler += 1
            state.handlers[state.nextHandler] = afterEvents
            return (state.runners == 1 ? Optional(state.generation) : nil, state.nextHandler)
        }
        if let generation = start {
            let failure = DetachedThread.start {
                while let handlers = state.withLock({
                    $0.generation == generation && $0.runners > 0 ? Array($0.handlers.values) : nil
                }) {
                    GLib.iterateDefaultContext()
                    for handler in handlers { handler() }
                }
            }
            if failure != 0 {
                PrefsLogging.logger.error(
                    "cannot start GLib's main loop: \(ErrorText.of(failure)); others' changes are not seen",
                    metadata: ["store": "GLib"])
            }
        }
        // Returns when the task is cancelled: an `AsyncStream` iterator returns `nil` then.
        let (waiting, continuation) = AsyncStream.makeStream(of: Never.self)
        for await _ in waiting {}
        continuation.finish()
        state.withLock { state in
            state.runners -= 1
            state.handlers[handler] = nil
            if state.runners == 0 { state.generation += 1 }
        }
        GLib.wakeDefaultContext()
    }
}
