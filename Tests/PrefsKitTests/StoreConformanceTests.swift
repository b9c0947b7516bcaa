import Foundation
import PrefsKit
import PrefsTestSupport
import Testing

/// The behaviour every store must have, run against each one on a fresh scope.
@Suite struct StoreConformanceTests {
    @Test(arguments: ConformanceStore.allCases)
    func unsetKeysReadTheirExplicitDefaults(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        #expect(store.get(.counter) == 0)
        #expect(store.get(.isEnabled) == true)
        #expect(store.get(.optIn) == nil)
        #expect(store.get(.flavor) == .vanilla)
        #expect(store.inspect(.flavor).status == .absent)
        #expect(store.primitiveValue(forKey: "flavor") == nil)
    }

    @Test(arguments: ConformanceStore.allCases)
    func everyKindOfValueRoundTrips(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        let profile = Profile(name: "Ada", age: 36, tags: ["math"])
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        store.set(.counter, to: 42)
        store.set(.ratio, to: 0.75)
        store.set(.isEnabled, to: false)
        store.set(.optIn, to: false)
        store.set(.name, to: "Zoë 漢字")
        store.set(.flavor, to: .chocolate)
        store.set(.profile, to: profile)
        store.set(.recents, to: ["a", "b"])
        store.set(.scores, to: ["x": 1])
        store.set(.started, to: date)
        #expect(store.get(.counter) == 42)
        #expect(store.get(.ratio) == 0.75)
        #expect(store.get(.isEnabled) == false)
        #expect(store.get(.optIn) == false)
        #expect(store.get(.name) == "Zoë 漢字")
        #expect(store.get(.flavor) == .chocolate)
        #expect(store.get(.profile) == profile)
        #expect(store.get(.recents) == ["a", "b"])
        #expect(store.get(.scores) == ["x": 1])
        #expect(store.get(.started) == date)
        // Stored in the primitive form plain UserDefaults code reads.
        #expect(store.primitiveValue(forKey: "flavor") == .string("chocolate"))
        #expect(store.primitiveValue(forKey: "started") == .date(date))
        #expect(store.inspect(.flavor).status == .ok)
    }

    @Test(arguments: ConformanceStore.allCases)
    func removingAndWritingNilRestoreTheDefault(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        store.set(.counter, to: 7)
        store.remove(.counter)
        #expect(store.get(.counter) == 0)
        #expect(store.primitiveValue(forKey: "counter") == nil)
        store.set(.optIn, to: true)
        store.set(.optIn, to: nil)
        #expect(store.get(.optIn) == nil)
        #expect(store.primitiveValue(forKey: "optIn") == nil)
    }

    @Test(arguments: ConformanceStore.allCases)
    func subscriptReadsAndWrites(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        store[.flavor] = .strawberry
        #expect(store[.flavor] == .strawberry)
        #expect(store.get(.flavor) == .strawberry)
    }

    @Test(arguments: ConformanceStore.allCases)
    func valuesOfTheWrongTypeReadAsTheDefaultAndSaySo(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        try store.setPrimitiveValue(.string("abc"), forKey: "counter")
        #expect(store.get(.counter) == 0)
        #expect(store.inspect(.counter).status == .wrongType(expected: .int, found: .string("abc")))
        try store.setPrimitiveValue(.array([.string("a"), .int(1)]), forKey: "recents")
        #expect(store.get(.recents) == [])
        #expect(store.inspect(.recents).status.isProblem)
    }

    @Test(arguments: ConformanceStore.allCases)
    func undecodableValuesReadAsTheDefaultWithTheDecodersReason(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        try store.setPrimitiveValue(.string("pistachio"), forKey: "flavor")
        #expect(store.get(.flavor) == .vanilla)
        #expect(
            store.inspect(.flavor).status
                == .undecodable(stored: .string("pistachio"), reason: "pistachio is not a valid Flavor"))
        try store.setPrimitiveValue(.data(Data(#"{"name":"x"}"#.utf8)), forKey: "profile")
        #expect(store.get(.profile) == Profile(name: "none", age: 0, tags: []))
        guard case .undecodable(_, let reason) = store.inspect(.profile).status else {
            Issue.record("expected an undecodable status")
            return
        }
        #expect(reason.contains("age"))
    }

    @Test(arguments: ConformanceStore.allCases)
    func batchWritesApplyEveryChange(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        store.set(.name, to: "before")
        try store.setPrimitiveValues(["counter": .int(3), "ratio": .double(0.25), "name": nil])
        #expect(store.get(.counter) == 3)
        #expect(store.get(.ratio) == 0.25)
        #expect(store.get(.name) == "anonymous")
        let all = store.primitiveValues()
        #expect(all["counter"] == .int(3))
        #expect(all["name"] == nil)
    }

    @Test(arguments: ConformanceStore.allCases)
    func anotherHandleOnTheSameDataSeesWrites(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        guard let reopen = scope.reopen else { return }
        scope.store.set(.flavor, to: .strawberry)
        #expect(reopen().get(.flavor) == .strawberry)
    }

    @Test(arguments: ConformanceStore.allCases)
    func debugKeysIgnoreStoredValuesAndWritesInRelease(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        let debug = PersistentDebugKey(
            "beta", debugDefaultValue: true, releaseDefaultValue: false, configuration: .debug)
        let release = PersistentDebugKey(
            "beta", debugDefaultValue: true, releaseDefaultValue: false, configuration: .release)
        #expect(store.get(debug) == true)
        #expect(store.get(release) == false)
        store.set(debug, to: false)
        #expect(store.get(debug) == false)
        store.set(release, to: true)
        #expect(store.primitiveValue(forKey: "beta") == .bool(false))
        #expect(store.get(release) == false)
        #expect(store.inspect(release).status == .fixedInRelease)
    }

    @Test(arguments: ConformanceStore.allCases)
    func containersStoreUnderTheirPropertyName(fixture: ConformanceStore) throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        let container: KeyValueContainer<Int> = store.makeContainer(key: "foobar", defaultValue: 9)
        #expect(container.value == 9)
        container.value = 123
        #expect(store.primitiveValue(forKey: "foobar") == .int(123))
        container.value = nil
        #expect(container.value == 9)
        #expect(store.primitiveValue(forKey: "foobar") == nil)
    }

    @Test(arguments: ConformanceStore.allCases)
    func valuesStreamYieldsTheCurrentValueThenEachChange(fixture: ConformanceStore) async throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        store.set(.counter, to: 1)
        var iterator = store.values(for: .counter, bufferingPolicy: .unbounded).makeAsyncIterator()
        #expect(await iterator.next() == 1)
        store.set(.counter, to: 2)
        store.set(.counter, to: 2)
        store.remove(.counter)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 0)
    }

    @Test(arguments: ConformanceStore.allCases)
    func changesStreamsCarryOldAndNewValues(fixture: ConformanceStore) async throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        var typed = store.changes(for: .flavor).makeAsyncIterator()
        var several = store.changes(forKeys: [PersistentKey.flavor, PersistentKey.counter]).makeAsyncIterator()
        store.set(.name, to: "ignored")
        store.set(.flavor, to: .chocolate)
        store.set(.counter, to: 5)
        let change = try #require(await typed.next())
        #expect(change.oldValue == .vanilla)
        #expect(change.newValue == .chocolate)
        #expect(await several.next()?.essence == Essence(key: "flavor", old: nil, new: .string("chocolate")))
        #expect(await several.next()?.essence == Essence(key: "counter", old: nil, new: .int(5)))
    }

    @Test(arguments: ConformanceStore.allCases)
    func streamsStopObservingWhenTheConsumerGoesAway(fixture: ConformanceStore) async throws {
        guard let scope = try fixture.make() else { return }
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        let before = store.changeNotifier.observerCount
        do {
            let stream = store.values(for: .counter)
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            #expect(store.changeNotifier.observerCount == before + 1)
        }
        #expect(store.changeNotifier.observerCount == before)
    }
}

/// What every store's change says, whatever else a store adds (suite, origin, writer).
struct Essence: Equatable {
    let key: String
    let old: PropertyListValue?
    let new: PropertyListValue?
}

extension PersistentKeyValueChange {
    var essence: Essence { Essence(key: key, old: oldValue, new: newValue) }
}
