import Foundation
import PrefsKit
import Testing

/// The checks of what a store must not claim or lose when others are about: another program's overwrite, keys a
/// schema does not declare, and another writer that does not let go.
extension SuiteStoreConformance {
    /// Another program (the store's own tool, or its file rewritten) overwrites a value this process wrote: a running
    /// store tells it as another's, and the history ends at it, with no writer of this process's.
    static func foreignOverwrite(_ scope: ScopedSuiteStore) async throws {
        guard let foreignWrite = scope.foreignWrite else { return }
        let store = scope.store
        let (name, key) = (scope.suiteName("foreign"), scope.key("theme"))
        try scope.suite("foreign").setPrimitiveValue(.string("dark"), forKey: "theme")
        let seen = Recorder()
        let observation = store.addObserver { seen.add($0) }
        defer { observation.cancel() }
        let service = Task { try await store.run() }
        defer { service.cancel() }
        try await awaitDelivery(to: seen, from: scope.suite("probe", of: scope.reopen()))
        try foreignWrite(name, key, "black")
        let deadline = ContinuousClock.now + patience
        let heard = { seen.changes.first { $0.suite == name && $0.key == key && $0.newValue == .string("black") } }
        while heard() == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        let change = try #require(heard(), "another program's write of \(key) was not heard")
        #expect(change.origin == .otherProcess)
        #expect(change.oldValue == .string("dark"))
        let history = try #require(try store.anySuite(name).changeHistory)
        let last = try #require(try history.lastChange(key: key))
        #expect(last.newValue == .string("black"))
        #expect(last.oldValue == .string("dark"))
        #expect(last.writer?.pid != ProcessInfo.processInfo.processIdentifier)
    }

    /// A schema types the keys it declares and forbids the rest only when it is the suite's whole contract: a key it
    /// does not declare is held beside the declared ones (as the store's own tool writes it), or, where the schema
    /// holds only its keys (GSettings'), refused with nothing written.
    static func partialSchema(_ scope: ScopedSuiteStore) throws {
        guard let name = scope.schemaSuite else { return }
        let schema = try #require(try scope.store.schemaSource.schema(for: name), "\(name) has no schema")
        #expect(schema["counter"] != nil, "the schema of \(name) declares counter")
        #expect(schema["undeclaredByAnySchema"] == nil)
        let suite = try scope.suite(storedAs: name)
        try suite.setPrimitiveValue(.int(3), forKey: "counter")
        if schema.holdsOnlyDeclaredKeys {
            #expect(throws: (any Error).self, "a key the schema does not declare is refused") {
                try suite.setPrimitiveValue(.string("x"), forKey: "undeclaredByAnySchema")
            }
            #expect(try scope.suite(storedAs: name, of: scope.reopen()).primitiveValues() == ["counter": .int(3)])
            return
        }
        try suite.setPrimitiveValue(.string("x"), forKey: "undeclaredByAnySchema")
        let reopened = try scope.suite(storedAs: name, of: scope.reopen())
        #expect(reopened.primitiveValue(forKey: "undeclaredByAnySchema") == .string("x"))
        #expect(reopened.primitiveValue(forKey: "counter") == .int(3), "the declared key keeps its type")
    }

    /// A write that waits on another writer ends at its deadline, naming the process that holds the suite, and writes
    /// nothing: no wait on another party is for ever, and history claims no write that was not made.
    static func deadline(_ scope: ScopedSuiteStore) throws {
        guard let holdWrites = scope.holdWrites else { return }
        let name = scope.suiteName("held")
        let suite = try scope.suite("held")
        try suite.setPrimitiveValue(.string("before"), forKey: "k")
        let history = try scope.store.anySuite(name).changeHistory
        let recorded = try history?.history(key: nil, limit: nil).count
        let hold = try holdWrites(name)
        var failure: (any Error)?
        let waited = ContinuousClock().measure {
            do { try suite.setPrimitiveValue(.string("after"), forKey: "k") } catch { failure = error }
        }
        hold.release()
        let error = try #require(failure, "a write was made while another process held the suite")
        #expect("\(error)".contains("\(hold.holder)"), "the error names the holder: \(error)")
        #expect(waited < .seconds(60), "gave up after \(waited)")
        #expect(try scope.suite("held", of: scope.reopen()).primitiveValue(forKey: "k") == .string("before"))
        #expect(try history?.history(key: nil, limit: nil).count == recorded, "history claims no write")
    }
}
