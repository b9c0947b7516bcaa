import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import PropertyBased
import Testing

@Suite(.threadOfItsOwn) struct PersistentCacheTests {
    @Test func evictsTheLeastRecentlyUsedPastTheCountLimit() {
        let cache = PersistentCache<String, Int>(countLimit: 3)
        cache["a"] = 1
        cache["b"] = 2
        cache["c"] = 3
        #expect(cache["a"] == 1)  // a is now the most recently used
        cache["d"] = 4
        #expect(cache.keys == ["c", "a", "d"])
        #expect(cache["b"] == nil)
        #expect(cache.count == 3)
    }

    @Test func evictsByCostAndRefusesAnEntryLargerThanTheLimit() {
        let cache = PersistentCache<String, String>(costLimit: 10, cost: { $0.utf8.count })
        cache["a"] = "aaaa"
        cache["b"] = "bbbb"
        cache["c"] = "cccc"
        #expect(cache.keys == ["b", "c"])
        #expect(cache.totalCost == 8)
        cache["huge"] = String(repeating: "x", count: 11)
        #expect(cache["huge"] == nil)
        #expect(cache.keys == ["b", "c"])
        cache["b"] = nil
        #expect(cache.totalCost == 4)
    }

    @Test func behavesLikeASimpleLeastRecentlyUsedList() async {
        let operations = zip(Gen.int(in: 0...2), Gen.int(in: 0...6)).array(of: 1...60)
        await propertyCheck(input: operations) { steps in
            let cache = PersistentCache<Int, Int>(countLimit: 4)
            var model: [(key: Int, value: Int)] = []
            for (step, (operation, key)) in steps.enumerated() {
                switch operation {
                case 0:
                    cache[key] = step
                    model.removeAll { $0.key == key }
                    model.append((key, step))
                    if model.count > 4 { model.removeFirst() }
                case 1:
                    let expected = model.first { $0.key == key }?.value
                    #expect(cache[key] == expected)
                    if let index = model.firstIndex(where: { $0.key == key }) { model.append(model.remove(at: index)) }
                default:
                    cache[key] = nil
                    model.removeAll { $0.key == key }
                }
            }
            #expect(cache.keys == model.map(\.key))
        }
    }

    @Test func savesToASuiteAndRestoresAtTheNextLaunch() throws {
        let scope = try ScopedFileStore()
        let cache = PersistentCache<String, Profile>(countLimit: 2)
        cache["ada"] = Profile(name: "Ada", age: 36, tags: [])
        cache["grace"] = Profile(name: "Grace", age: 85, tags: ["navy"])
        _ = cache["ada"]
        try cache.save(to: try scope.store.suite("cache"), key: "profiles")

        // A new store on the same directory stands for the app's next launch.
        let suite = try scope.reopen().suite("cache")
        let restored = PersistentCache<String, Profile>(restoringFrom: suite, key: "profiles", countLimit: 2)
        #expect(restored.keys == ["grace", "ada"])
        #expect(restored["grace"]?.tags == ["navy"])
        let smaller = PersistentCache<String, Profile>(restoringFrom: suite, key: "profiles", countLimit: 1)
        #expect(smaller.keys == ["ada"])
    }

    @Test func anUnreadableSaveRestoresAnEmptyCache() throws {
        let store = InMemoryPersistentKeyValueStore(["profiles": .data(Data("not json".utf8))])
        let restored = PersistentCache<String, Profile>(restoringFrom: store, key: "profiles")
        #expect(restored.count == 0)
    }
}
