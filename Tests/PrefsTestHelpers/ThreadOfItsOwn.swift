import Dispatch
import Foundation
import Testing

/// A trait for tests that wait: on processes, terminals, servers, locks or sleeps.
///
/// Each runs on a thread of its own
/// rather than on Swift's cooperative pool, which has one thread per processor: a test that blocks one of them there
/// halves what the rest of the run can use while it waits.
///
/// At most ``width`` such tests run at once: more would exhaust what the machine allows a user (inotify instances,
/// descriptors) and starve the writers whose lock timeouts the tests check.
package struct ThreadOfItsOwn: TestTrait, SuiteTrait, TestScoping {
    /// How many tests run at once: three per processor, since most of them wait.
    static let width = 3 * ProcessInfo.processInfo.activeProcessorCount
    private static let slots = Slots(width)

    /// Whether the test takes the next free thread before the tests queued without it: for the few that take most
    /// of a minute (installing the release build), which would otherwise start last and end the run late.
    var startsFirst = false

    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        await Self.slots.take(first: startsFirst)
        defer { Task { await Self.slots.give() } }
        try await withTaskExecutorPreference(QueueExecutor()) { try await function() }
    }
}

/// A counting semaphore whose waiters suspend rather than block.
private actor Slots {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var firstWaiters: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    func take(first: Bool) async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { first ? firstWaiters.append($0) : waiters.append($0) }
    }

    func give() {
        if !firstWaiters.isEmpty {
            firstWaiters.removeFirst().resume()
        } else if !waiters.isEmpty {
            waiters.removeFirst().resume()
        } else {
            free += 1
        }
    }
}

extension Trait where Self == ThreadOfItsOwn {
    /// The test runs on a thread of its own, so that its waits hold up no other test.
    package static var threadOfItsOwn: Self { Self() }

    /// A thread of its own, taken before the tests queued without it: for a test that takes most of a minute.
    package static var threadOfItsOwnStartingFirst: Self { Self(startsFirst: true) }
}

/// Runs a task's jobs on a serial dispatch queue, which gets a thread of its own from dispatch when it blocks, unlike
/// the cooperative pool.
private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "prefs.test")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
