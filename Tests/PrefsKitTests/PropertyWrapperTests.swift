import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

private final class Settings {
    @PersistentValue var flavor: Flavor
    @PersistentValue var volume: Int

    init(store: InMemoryPersistentKeyValueStore) {
        _flavor = PersistentValue(.flavor, store: store)
        _volume = PersistentValue(.volume, store: store)
    }
}

@Suite struct PropertyWrapperTests {
    @Test func readsAndWritesThroughTheStore() {
        let store = InMemoryPersistentKeyValueStore()
        let settings = Settings(store: store)
        #expect(settings.flavor == .vanilla)
        settings.flavor = .strawberry
        #expect(store.get(.flavor) == .strawberry)
        store.set(.volume, to: 9)
        #expect(settings.volume == 9)
        settings.$volume.reset()
        #expect(settings.volume == 5)
        #expect(store.primitiveValue(forKey: "volume") == nil)
    }

    @Test func defaultsToTheStandardUserDefaults() {
        let wrapper = PersistentValue(.flavor)
        #expect(wrapper.store === UserDefaults.standard)
    }

    @Test func projectsAStreamOfValues() async {
        let store = InMemoryPersistentKeyValueStore()
        let settings = Settings(store: store)
        var values = settings.$flavor.values.makeAsyncIterator()
        #expect(await values.next() == .vanilla)
        settings.flavor = .chocolate
        #expect(await values.next() == .chocolate)
    }
}
