#if PostgreSQL
import Dispatch

/// Runs a store's async work on threads of its own instead of Swift's cooperative pool.
///
/// The store protocol is synchronous, so a write blocks its caller until the server answers. A caller on the
/// cooperative pool (a test, a server's request handler) would then hold one of its few threads, and with enough of
/// them waiting, the work they wait for could never run. Dispatch grows its own threads as they block.
final class DispatchTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "PrefsPostgres", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// The executor every store shares.
    static let shared = DispatchTaskExecutor()
}
#endif
