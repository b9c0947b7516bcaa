import Foundation
import PrefsKit
import Testing

extension StoreConformance {
    typealias Keys = ConformanceKeys

    static func unsetKeysReadTheirDefaults(_ store: any PersistentKeyValueStore) {
        #expect(store.get(Keys.counter) == 0)
        #expect(store.get(Keys.isEnabled) == true)
        #expect(store.get(Keys.optIn) == nil)
        #expect(store.get(Keys.flavor) == .vanilla)
        #expect(store.inspect(Keys.flavor).status == .absent)
        #expect(store.primitiveValue(forKey: "flavor") == nil)
    }

    static func everyKindOfValueRoundTrips(_ store: any PersistentKeyValueStore, holds: Holds) {
        let profile = Keys.Profile(name: "Ada", age: 36, tags: ["math"])
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        store.set(Keys.counter, to: 42)
        store.set(Keys.ratio, to: 0.75)
        store.set(Keys.isEnabled, to: false)
        store.set(Keys.optIn, to: false)
        store.set(Keys.name, to: "Zoë 漢字")
        store.set(Keys.flavor, to: .chocolate)
        store.set(Keys.recents, to: ["a", "b"])
        // A kind the store does not hold is refused, never stored as something else.
        let others: [(Holds, String, PropertyListValue, () -> Void)] = [
            (.data, "profile", .data(Data("{}".utf8)), { store.set(Keys.profile, to: profile) }),
            (.dictionaries, "scores", .dictionary(["x": .int(1)]), { store.set(Keys.scores, to: ["x": 1]) }),
            (.dates, "started", .date(date), { store.set(Keys.started, to: date) }),
        ]
        for (kind, key, value, set) in others {
            if holds.contains(kind) {
                set()
            } else {
                #expect(throws: PersistentKeyValueStoreError.self, "\(key)") {
                    try store.setPrimitiveValue(value, forKey: key)
                }
                #expect(store.primitiveValue(forKey: key) == nil, "\(key)")
            }
        }
        #expect(store.get(Keys.counter) == 42)
        #expect(store.get(Keys.ratio) == 0.75)
        #expect(store.get(Keys.isEnabled) == false)
        #expect(store.get(Keys.optIn) == false)
        #expect(store.get(Keys.name) == "Zoë 漢字")
        #expect(store.get(Keys.flavor) == .chocolate)
        #expect(store.get(Keys.profile) == (holds.contains(.data) ? profile : Keys.profile.defaultValue))
        #expect(store.get(Keys.recents) == ["a", "b"])
        #expect(store.get(Keys.scores) == (holds.contains(.dictionaries) ? ["x": 1] : [:]))
        #expect(store.get(Keys.started) == (holds.contains(.dates) ? date : Date(timeIntervalSince1970: 0)))
        // Stored in the primitive form plain UserDefaults code reads.
        #expect(store.primitiveValue(forKey: "flavor") == .string("chocolate"))
        #expect(store.primitiveValue(forKey: "started") == (holds.contains(.dates) ? .date(date) : nil))
        #expect(store.inspect(Keys.flavor).status == .ok)
    }

    static func removingAndWritingNilRestoreTheDefault(_ store: any PersistentKeyValueStore) {
        store.set(Keys.counter, to: 7)
        store.remove(Keys.counter)
        #expect(store.get(Keys.counter) == 0)
        #expect(store.primitiveValue(forKey: "counter") == nil)
        store.set(Keys.optIn, to: true)
        store.set(Keys.optIn, to: nil)
        #expect(store.get(Keys.optIn) == nil)
        #expect(store.primitiveValue(forKey: "optIn") == nil)
    }

    static func subscriptReadsAndWrites(_ store: any PersistentKeyValueStore) {
        store[Keys.flavor] = .strawberry
        #expect(store[Keys.flavor] == .strawberry)
        #expect(store.get(Keys.flavor) == .strawberry)
    }

    static func wrongTypes(_ store: any PersistentKeyValueStore) throws {
        try store.setPrimitiveValue(.string("abc"), forKey: "counter")
        #expect(store.get(Keys.counter) == 0)
        #expect(store.inspect(Keys.counter).status == .wrongType(expected: .int, found: .string("abc")))
        try store.setPrimitiveValue(.array([.string("a"), .int(1)]), forKey: "recents")
        #expect(store.get(Keys.recents) == [])
        #expect(store.inspect(Keys.recents).status.isProblem)
    }

    /// A store typed by its schema refuses a value of another type, and keeps what it held.
    static func wrongTypesRefused(_ store: any PersistentKeyValueStore) {
        store.set(Keys.counter, to: 3)
        #expect(throws: PersistentKeyValueStoreError.self) {
            try store.setPrimitiveValue(.string("abc"), forKey: "counter")
        }
        #expect(store.get(Keys.counter) == 3)
        #expect(store.inspect(Keys.counter).status == .ok)
        #expect(throws: PersistentKeyValueStoreError.self) {
            try store.setPrimitiveValue(.array([.string("a"), .int(1)]), forKey: "recents")
        }
        #expect(store.primitiveValue(forKey: "recents") == nil)
    }

    static func undecodableValues(_ store: any PersistentKeyValueStore, holds: Holds) throws {
        try store.setPrimitiveValue(.string("pistachio"), forKey: "flavor")
        #expect(store.get(Keys.flavor) == .vanilla)
        #expect(
            store.inspect(Keys.flavor).status
                == .undecodable(stored: .string("pistachio"), reason: "pistachio is not a valid Flavor"))
        guard holds.contains(.data) else { return }
        try store.setPrimitiveValue(.data(Data(#"{"name":"x"}"#.utf8)), forKey: "profile")
        #expect(store.get(Keys.profile) == Keys.Profile(name: "none", age: 0, tags: []))
        guard case .undecodable(_, let reason) = store.inspect(Keys.profile).status else {
            Issue.record("a profile missing its age should read as undecodable")
            return
        }
        #expect(reason.contains("age"))
    }

    static func batchWrites(_ store: any PersistentKeyValueStore) throws {
        store.set(Keys.name, to: "before")
        try store.setPrimitiveValues(["counter": .int(3), "ratio": .double(0.25), "name": nil])
        #expect(store.get(Keys.counter) == 3)
        #expect(store.get(Keys.ratio) == 0.25)
        #expect(store.get(Keys.name) == "anonymous")
        let all = store.primitiveValues()
        #expect(all["counter"] == .int(3))
        #expect(all["name"] == nil)
    }

    static func anotherHandle(_ scope: ScopedStore) throws {
        // A store whose data lives in one object has no second handle to check.
        guard let reopen = scope.reopen else { return }
        scope.store.set(Keys.flavor, to: .strawberry)
        #expect(try reopen().get(Keys.flavor) == .strawberry)
    }

    static func debugKeys(_ store: any PersistentKeyValueStore) {
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

    static func containers(_ store: any PersistentKeyValueStore) {
        let container: KeyValueContainer<Int> = store.makeContainer(key: "foobar", defaultValue: 9)
        #expect(container.value == 9)
        container.value = 123
        #expect(store.primitiveValue(forKey: "foobar") == .int(123))
        container.value = nil
        #expect(container.value == 9)
        #expect(store.primitiveValue(forKey: "foobar") == nil)
    }

    static func valuesStream(_ store: any PersistentKeyValueStore) async {
        store.set(Keys.counter, to: 1)
        var iterator = store.values(for: Keys.counter, bufferingPolicy: .unbounded).makeAsyncIterator()
        #expect(await iterator.next() == 1)
        store.set(Keys.counter, to: 2)
        store.set(Keys.counter, to: 2)
        store.remove(Keys.counter)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 0)
    }

    static func changeStreams(_ store: any PersistentKeyValueStore) async throws {
        var typed = store.changes(for: Keys.flavor).makeAsyncIterator()
        var several = store.changes(forKeys: [Keys.flavor, Keys.counter] as [any PersistentKeyProtocol])
            .makeAsyncIterator()
        store.set(Keys.name, to: "ignored")
        store.set(Keys.flavor, to: .chocolate)
        store.set(Keys.counter, to: 5)
        let change = try #require(await typed.next())
        #expect(change.oldValue == .vanilla)
        #expect(change.newValue == .chocolate)
        #expect(
            await several.next().map(ChangeEssence.init)
                == ChangeEssence(key: "flavor", old: nil, new: .string("chocolate")))
        #expect(await several.next().map(ChangeEssence.init) == ChangeEssence(key: "counter", old: nil, new: .int(5)))
    }

    static func streamsStop(_ store: any PersistentKeyValueStore) async {
        let before = store.changeNotifier.observerCount
        do {
            let stream = store.values(for: Keys.counter)
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            #expect(store.changeNotifier.observerCount == before + 1)
        }
        #expect(store.changeNotifier.observerCount == before)
    }
}
