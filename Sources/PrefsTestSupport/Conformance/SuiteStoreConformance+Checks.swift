import Foundation
import PrefsKit
import Synchronization
import Testing

extension SuiteStoreConformance {
    /// How long a change may take to arrive from another store before the check fails.
    static let patience: Duration = .seconds(10)

    static func listing(_ scope: ScopedSuiteStore) throws {
        let store = scope.store
        let name = scope.suiteName
        #expect(try store.listSuites() == [])
        try scope.suite("b.second").setPrimitiveValue(.int(2), forKey: "k")
        try scope.suite("a.first").setPrimitiveValue(.string("x"), forKey: "k")
        _ = try scope.suite("c.opened-only")
        #expect(try store.listSuites() == [name("a.first"), name("b.second")])
        #expect(store.containsSuite(name("a.first")))
        if scope.suitesAreSchemas {
            // A schema's suite exists whether or not anyone wrote to it, and only the schemas list it.
            #expect(try store.schemaSource.schemaSuites().contains(name("c.opened-only")))
        } else {
            #expect(!store.containsSuite(name("c.opened-only")))
        }
    }

    static func independentSuites(_ scope: ScopedSuiteStore) throws {
        let stored = scope.storedForm
        let first = try scope.suite("one")
        let second = try scope.suite("two")
        try first.setPrimitiveValues(["shared": .int(1), "only": .bool(true)])
        try second.setPrimitiveValue(.int(2), forKey: "shared")
        #expect(first.primitiveValues() == ["shared": stored(.int(1)), "only": stored(.bool(true))])
        #expect(second.primitiveValues() == ["shared": stored(.int(2))])
        #expect(try scope.suite("one").primitiveValue(forKey: "shared") == stored(.int(1)))
    }

    static func observing(_ scope: ScopedSuiteStore) async throws {
        let seen = Recorder()
        let observation = scope.store.addObserver { seen.add($0) }
        defer { observation.cancel() }
        try scope.suite("a").setPrimitiveValue(.int(1), forKey: "x")
        try scope.suite("b").setPrimitiveValue(.int(2), forKey: "y")
        try scope.suite("a").setPrimitiveValue(nil, forKey: "x")
        #expect(await seen.waitFor(count: 3, within: patience))
        let changes = seen.changes.map { "\($0.suite ?? "?") \($0.key) \($0.newValue.map { "\($0)" } ?? "-")" }
        let (a, b, x, y) = (scope.suiteName("a"), scope.suiteName("b"), scope.key("x"), scope.key("y"))
        let (one, two) = (scope.storedForm(.int(1)), scope.storedForm(.int(2)))
        #expect(changes == ["\(a) \(x) \(one)", "\(b) \(y) \(two)", "\(a) \(x) -"])
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
        try await awaitDelivery(to: seen, from: scope.suite("probe", of: other))
        seen.reset()
        try scope.suite("first", of: other).setPrimitiveValue(.int(1), forKey: "k")
        try scope.suite("second", of: other).setPrimitiveValues(["k": .int(2), "l": .int(3)])
        #expect(await seen.waitFor(count: 3, within: patience))
        let probe = scope.suiteName("probe")
        let keys = Set(seen.changes.filter { $0.suite != probe }.map { "\($0.suite ?? "?")/\($0.key)" })
        let (first, second) = (scope.suiteName("first"), scope.suiteName("second"))
        let (k, l) = (scope.key("k"), scope.key("l"))
        #expect(keys == ["\(first)/\(k)", "\(second)/\(k)", "\(second)/\(l)"])
    }

    static func observingSome(_ scope: ScopedSuiteStore) async throws {
        let store = scope.store
        let other = try scope.reopen()
        let watched = Recorder()
        let every = Recorder()
        let observations = [
            store.addObserver(ofSuites: [scope.suiteName("watched")], { watched.add($0) }, onProblem: nil),
            store.addObserver { every.add($0) },
        ]
        defer { for observation in observations { observation.cancel() } }
        let service = Task { try await store.run() }
        defer { service.cancel() }
        try await awaitDelivery(to: watched, from: scope.suite("watched", of: other))
        // Another store's write and this store's own, each to a suite not asked for and then to the one asked for;
        // the observer of every suite shows that all four were delivered.
        let delivered = { (recorder: Recorder, suite: String, key: String) in
            recorder.changes.contains { $0.suite == scope.suiteName(suite) && $0.key == scope.key(key) }
        }
        let deadline = ContinuousClock.now + patience
        try scope.suite("ignored", of: other).setPrimitiveValue(.int(1), forKey: "k")
        try scope.suite("watched", of: other).setPrimitiveValue(.int(2), forKey: "k")
        // This store's own write to "ignored" opens that suite: had it come before the other write was seen, the
        // suite would have opened with it already, as a value rather than a change.
        while !delivered(every, "ignored", "k"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try scope.suite("ignored").setPrimitiveValue(.int(3), forKey: "own")
        try scope.suite("watched").setPrimitiveValue(.int(4), forKey: "own")
        while !(delivered(every, "ignored", "k") && delivered(every, "ignored", "own")
            && delivered(watched, "watched", "k") && delivered(watched, "watched", "own")),
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(delivered(watched, "watched", "k") && delivered(watched, "watched", "own"))
        #expect(delivered(every, "ignored", "k") && delivered(every, "ignored", "own"))
        #expect(watched.changes.allSatisfy { $0.suite == scope.suiteName("watched") })
        #expect(watched.changes.first { $0.key == scope.key("k") }?.newValue == scope.storedForm(.int(2)))
    }

    /// Writes through another store until one change reaches the recorder, then empties the recorder.
    ///
    /// ``SuiteStore/run()`` starts its watch or listener in the background; the check then depends neither on how
    /// long that takes nor on how busy the test runner keeps its threads (a bound on attempts, not on time, because a
    /// starved runner may not resume this task for seconds).
    static func awaitDelivery(to recorder: Recorder, from probe: any PersistentKeyValueStore) async throws {
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
        let stored = scope.storedForm
        try scope.suite("kept").setPrimitiveValues(["a": .int(1), "b": .array([.string("x")])])
        let other = try scope.reopen()
        #expect(try other.listSuites() == [scope.suiteName("kept")])
        #expect(
            try scope.suite("kept", of: other).primitiveValues()
                == ["a": stored(.int(1)), "b": stored(.array([.string("x")]))])
        try scope.suite("kept", of: other).setPrimitiveValue(.int(5), forKey: "a")
        #expect(try scope.suite("kept", of: scope.reopen()).primitiveValue(forKey: "a") == stored(.int(5)))
    }

    static func history(_ scope: ScopedSuiteStore) throws {
        let stored = scope.storedForm
        let suite = try scope.suite("history")
        // The history is the store's suite's, whose keys carry the store's prefix.
        guard let history = try scope.store.anySuite(scope.suiteName("history")).changeHistory else {
            if scope.keepsHistory { Issue.record("the store's suites keep no history") }
            return
        }
        try suite.setPrimitiveValue(.int(1), forKey: "k")
        try suite.setPrimitiveValue(.int(2), forKey: "k")
        try suite.setPrimitiveValues(["k": nil, "l": .string("x")])
        let changes = try history.history(key: nil, limit: nil)
        let (k, l) = (scope.key("k"), scope.key("l"))
        #expect(changes.map(\.key) == [k, k, k, l])
        #expect(changes.map(\.newValue) == [stored(.int(1)), stored(.int(2)), nil, .string("x")])
        #expect(changes.map(\.oldValue) == [nil, stored(.int(1)), stored(.int(2)), nil])
        #expect(changes.allSatisfy { $0.writer?.pid == ProcessInfo.processInfo.processIdentifier })
        // Three writes within a millisecond are still three writes.
        #expect(try history.lastWrite().map(\.key) == [k, l])
        #expect(try history.history(key: k, limit: 2).map(\.newValue) == [stored(.int(2)), nil])
        #expect(try history.lastChange(key: l)?.newValue == .string("x"))
        let reopened = try scope.reopen().anySuite(scope.suiteName("history")).changeHistory
        #expect(try reopened?.history(key: nil, limit: nil).count == 4)
    }
}
