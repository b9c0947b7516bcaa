import Foundation
import PrefsKit
import Synchronization
import Testing

extension SuiteStoreConformance {
    /// How long a change may take to arrive from another store before the check fails.
    static let patience: Duration = .seconds(10)

    static func listing(_ store: any SuiteStore, suitesAreSchemas: Bool) throws {
        #expect(try store.listSuites() == [])
        try store.anySuite("b.second").setPrimitiveValue(.int(2), forKey: "k")
        try store.anySuite("a.first").setPrimitiveValue(.string("x"), forKey: "k")
        _ = try store.anySuite("c.opened-only")
        #expect(try store.listSuites() == ["a.first", "b.second"])
        #expect(store.containsSuite("a.first"))
        if suitesAreSchemas {
            // A schema's suite exists whether or not anyone wrote to it, and only the schemas list it.
            #expect(try store.schemaSource.schemaSuites().contains("c.opened-only"))
        } else {
            #expect(!store.containsSuite("c.opened-only"))
        }
    }

    static func independentSuites(_ store: any SuiteStore) throws {
        let first = try store.anySuite("one")
        let second = try store.anySuite("two")
        try first.setPrimitiveValues(["shared": .int(1), "only": .bool(true)])
        try second.setPrimitiveValue(.int(2), forKey: "shared")
        #expect(first.primitiveValues() == ["shared": .int(1), "only": .bool(true)])
        #expect(second.primitiveValues() == ["shared": .int(2)])
        #expect(try store.anySuite("one").primitiveValue(forKey: "shared") == .int(1))
    }

    static func observing(_ store: any SuiteStore) async throws {
        let seen = Recorder()
        let observation = store.addObserver { seen.add($0) }
        defer { observation.cancel() }
        try store.anySuite("a").setPrimitiveValue(.int(1), forKey: "x")
        try store.anySuite("b").setPrimitiveValue(.int(2), forKey: "y")
        try store.anySuite("a").setPrimitiveValue(nil, forKey: "x")
        #expect(await seen.waitFor(count: 3, within: patience))
        let changes = seen.changes.map { "\($0.suite ?? "?") \($0.key) \($0.newValue.map { "\($0)" } ?? "-")" }
        #expect(changes == ["a x 1", "b y 2", "a x -"])
        #expect(seen.changes.allSatisfy { $0.origin == .thisProcess })
    }

    static func otherStoresWrites(_ scope: ScopedSuiteStore) async throws {
        let store = scope.store
        let other = try scope.reopen()
        let seen = Recorder()
        let observation = store.addObserver { seen.add($0) }
        defer { observation.cancel() }
        let service = Task { try await store.run() }
        defer { service.cancel() }
        try await awaitDelivery(to: seen, from: other.anySuite("probe"))
        seen.reset()
        try other.anySuite("first").setPrimitiveValue(.int(1), forKey: "k")
        try other.anySuite("second").setPrimitiveValues(["k": .int(2), "l": .int(3)])
        #expect(await seen.waitFor(count: 3, within: patience))
        let keys = Set(seen.changes.filter { $0.suite != "probe" }.map { "\($0.suite ?? "?").\($0.key)" })
        #expect(keys == ["first.k", "second.k", "second.l"])
    }

    static func observingSome(_ scope: ScopedSuiteStore) async throws {
        let store = scope.store
        let other = try scope.reopen()
        let watched = Recorder()
        let every = Recorder()
        let observations = [
            store.addObserver(ofSuites: ["watched"], { watched.add($0) }, onProblem: nil),
            store.addObserver { every.add($0) },
        ]
        defer { for observation in observations { observation.cancel() } }
        let service = Task { try await store.run() }
        defer { service.cancel() }
        try await awaitDelivery(to: watched, from: other.anySuite("watched"))
        // Another store's write and this store's own, each to a suite not asked for and then to the one asked for;
        // the observer of every suite shows that all four were delivered.
        let delivered = { (recorder: Recorder, suite: String, key: String) in
            recorder.changes.contains { $0.suite == suite && $0.key == key }
        }
        let deadline = ContinuousClock.now + patience
        try other.anySuite("ignored").setPrimitiveValue(.int(1), forKey: "k")
        try other.anySuite("watched").setPrimitiveValue(.int(2), forKey: "k")
        // This store's own write to "ignored" opens that suite: had it come before the other write was seen, the
        // suite would have opened with it already, as a value rather than a change.
        while !delivered(every, "ignored", "k"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try store.anySuite("ignored").setPrimitiveValue(.int(3), forKey: "own")
        try store.anySuite("watched").setPrimitiveValue(.int(4), forKey: "own")
        while !(delivered(every, "ignored", "k") && delivered(every, "ignored", "own")
            && delivered(watched, "watched", "k") && delivered(watched, "watched", "own")),
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(delivered(watched, "watched", "k") && delivered(watched, "watched", "own"))
        #expect(delivered(every, "ignored", "k") && delivered(every, "ignored", "own"))
        #expect(watched.changes.allSatisfy { $0.suite == "watched" })
        #expect(watched.changes.first { $0.key == "k" }?.newValue == .int(2))
    }

    /// Writes through another store until one change reaches the recorder, then empties the recorder.
    ///
    /// ``SuiteStore/run()`` starts its watch or listener in the background; the check then depends neither on how
    /// long that takes nor on how busy the test runner keeps its threads (a bound on attempts, not on time, because a
    /// starved runner may not resume this task for seconds).
    private static func awaitDelivery(to recorder: Recorder, from probe: any PersistentKeyValueStore) async throws {
        var attempt = 0
        while recorder.changes.isEmpty, attempt < 100 {
            attempt += 1
            try probe.setPrimitiveValue(.int(attempt), forKey: "attempt")
            _ = await recorder.waitFor(count: 1, within: .milliseconds(100))
        }
        #expect(!recorder.changes.isEmpty, "none of \(attempt) writes by another store arrived while run() ran")
        // Later probes may still be on their way; they are the probe key's, which checks leave aside.
        recorder.reset()
    }

    static func reopening(_ scope: ScopedSuiteStore) throws {
        try scope.store.anySuite("kept").setPrimitiveValues(["a": .int(1), "b": .array([.string("x")])])
        let other = try scope.reopen()
        #expect(try other.listSuites() == ["kept"])
        #expect(try other.anySuite("kept").primitiveValues() == ["a": .int(1), "b": .array([.string("x")])])
        try other.anySuite("kept").setPrimitiveValue(.int(5), forKey: "a")
        #expect(try scope.reopen().anySuite("kept").primitiveValue(forKey: "a") == .int(5))
    }

    static func history(_ scope: ScopedSuiteStore) throws {
        let suite = try scope.store.anySuite("history")
        guard let history = suite.changeHistory else {
            if scope.keepsHistory { Issue.record("the store's suites keep no history") }
            return
        }
        try suite.setPrimitiveValue(.int(1), forKey: "k")
        try suite.setPrimitiveValue(.int(2), forKey: "k")
        try suite.setPrimitiveValues(["k": nil, "l": .string("x")])
        let changes = try history.history(key: nil, limit: nil)
        #expect(changes.map(\.key) == ["k", "k", "k", "l"])
        #expect(changes.map(\.newValue) == [.int(1), .int(2), nil, .string("x")])
        #expect(changes.map(\.oldValue) == [nil, .int(1), .int(2), nil])
        #expect(changes.allSatisfy { $0.writer?.pid == ProcessInfo.processInfo.processIdentifier })
        // Three writes within a millisecond are still three writes.
        #expect(try history.lastWrite().map(\.key) == ["k", "l"])
        #expect(try history.history(key: "k", limit: 2).map(\.newValue) == [.int(2), nil])
        #expect(try history.lastChange(key: "l")?.newValue == .string("x"))
        let reopened = try scope.reopen().anySuite("history").changeHistory
        #expect(try reopened?.history(key: nil, limit: nil).count == 4)
    }
}

/// Collects changes from an observer, for a check to wait on.
private final class Recorder: Sendable {
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
