import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

// Seed 000's pattern, verbatim: the property's name is the key.
extension UserDefaults {
    var foobar: KeyValueContainer<Int> { makeContainer() }
}

extension InMemoryPersistentKeyValueStore {
    var greeting: KeyValueContainer<String> { makeContainer(defaultValue: "hello") }
    var favourite: KeyValueContainer<Flavor> { makeContainer() }
}

@Suite struct ContainerTests {
    @Test func aContainerIsKeyedByItsPropertyName() throws {
        let scope = try ScopedUserDefaults()
        let storageInstance = scope.defaults
        #expect(storageInstance.foobar.key == "foobar")
        #expect(storageInstance.foobar.value == nil)
        storageInstance.foobar.value = 123
        #expect(storageInstance.integer(forKey: "foobar") == 123)
        let foobar = storageInstance.foobar.value
        #expect(foobar == 123)
    }

    @Test func aContainerFallsBackToItsDefaultAndSaysWhy() throws {
        let store = InMemoryPersistentKeyValueStore()
        #expect(store.greeting.value == "hello")
        store.greeting.value = "bonjour"
        #expect(store.greeting.value == "bonjour")
        store.setPrimitiveValue(.int(4), forKey: "greeting")
        #expect(store.greeting.value == "hello")
        #expect(store.greeting.inspect().status == .wrongType(expected: .string, found: .int(4)))
    }

    @Test func aContainerFixesTheValueType() {
        let store = InMemoryPersistentKeyValueStore()
        store.favourite.value = .chocolate
        #expect(store.primitiveValue(forKey: "favourite") == .string("chocolate"))
        #expect(store.favourite.value == .chocolate)
        store.favourite.value = nil
        #expect(store.primitiveValue(forKey: "favourite") == nil)
    }
}
