import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Seed 003's combined suite: a local store in front of a shared one.
@Suite struct CombinedStoreTests {
    @Test func readsTheFirstStoreThatHasAValueAndWritesToTheFirst() throws {
        let local = InMemoryPersistentKeyValueStore()
        let shared = try ScopedUserDefaults()
        let combined = CombinedPersistentKeyValueStore([local, shared.defaults])
        shared.defaults.set(.flavor, to: .chocolate)
        #expect(combined.get(.flavor) == .chocolate)
        combined.set(.flavor, to: .strawberry)
        #expect(local.get(.flavor) == .strawberry)
        #expect(shared.defaults.get(.flavor) == .chocolate)
        #expect(combined.get(.flavor) == .strawberry)
        combined.remove(.flavor)
        #expect(combined.get(.flavor) == .chocolate)
        #expect(combined.primitiveValues()["flavor"] == .string("chocolate"))
    }

    @Test func postsChangesInAnyStoreThatAlterWhatItReads() async throws {
        let local = InMemoryPersistentKeyValueStore()
        let shared = InMemoryPersistentKeyValueStore()
        let combined = CombinedPersistentKeyValueStore([local, shared])
        var changes = combined.changes(forKeys: nil).makeAsyncIterator()
        shared.set(.counter, to: 1)
        local.set(.counter, to: 2)
        shared.set(.counter, to: 3)  // hidden behind the local value: not a change of what the combined store reads
        local.remove(.counter)
        #expect(await changes.next() == PersistentKeyValueChange(key: "counter", oldValue: nil, newValue: .int(1)))
        #expect(await changes.next() == PersistentKeyValueChange(key: "counter", oldValue: .int(1), newValue: .int(2)))
        #expect(await changes.next() == PersistentKeyValueChange(key: "counter", oldValue: .int(2), newValue: .int(3)))
    }
}
