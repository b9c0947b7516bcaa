import Foundation
import PrefsKit
import PrefsTestHelpers
import Synchronization
import Testing

extension InMemoryPersistentKeyValueStore {
    /// A container named by the property, through `#function`.
    fileprivate var zoom: KeyValueContainer<Int> { makeContainer(defaultValue: 100) }
}

extension PrefixedPersistentKeyValueStore {
    fileprivate var zoom: KeyValueContainer<Int> { makeContainer(defaultValue: 100) }
}

/// A store view under a key prefix (seed 000's `keyPrefix`).
@Suite struct PrefixedStoreTests {
    @Test func aViewReadsWritesAndListsOnlyItsOwnKeys() throws {
        let base = InMemoryPersistentKeyValueStore([
            "editor.fontSize": .int(12), "fontSize": .int(99), "theme": .string("x"),
        ])
        let editor = base.prefixed("editor.")
        #expect(editor.get(.volume) == 5)
        #expect(editor.primitiveValue(forKey: "fontSize") == .int(12))
        #expect(editor.primitiveValues() == ["fontSize": .int(12)])
        #expect(editor.sortedKeys() == ["fontSize"])

        editor.set(.volume, to: 7)
        #expect(base.primitiveValue(forKey: "editor.volume") == .int(7))
        #expect(base.primitiveValue(forKey: "volume") == nil)
        try editor.commit(["fontSize": nil, "name": .string("n")])
        #expect(
            base.primitiveValues() == [
                "fontSize": .int(99), "theme": .string("x"), "editor.volume": .int(7), "editor.name": .string("n"),
            ])
    }

    @Test func containersAndFunctionNamedKeysWorkThroughAView() {
        let base = InMemoryPersistentKeyValueStore()
        let view = base.prefixed("module.")
        view.zoom.value = 150
        #expect(base.primitiveValue(forKey: "module.zoom") == .int(150))
        #expect(base.zoom.value == 100)
        #expect(view.zoom.value == 150)
    }

    @Test func aViewIsToldOfChangesToItsKeysOnlyInItsOwnNames() {
        let base = InMemoryPersistentKeyValueStore()
        let view = base.prefixed("editor.")
        let recorder = ChangeRecorder()
        let observation = view.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        base.setPrimitiveValues(["editor.volume": .int(3), "volume": .int(4), "editorial": .int(5)])
        #expect(recorder.all.map(\.key) == ["volume"])
        #expect(recorder.all.first?.newValue == .int(3))
    }

    @Test func aViewsTypedStreamsFollowItsKeys() async {
        let base = InMemoryPersistentKeyValueStore()
        let view = base.prefixed("editor.")
        var values = view.values(for: .volume).makeAsyncIterator()
        #expect(await values.next() == 5)
        base.setPrimitiveValue(.int(9), forKey: "editor.volume")
        #expect(await values.next() == 9)
    }

    @Test func launchArgumentsOverrideByTheFullStoredKey() {
        let base = InMemoryPersistentKeyValueStore(
            launchArguments: LaunchArguments(["-editor.volume", "8", "-volume", "1"]))
        let view = base.prefixed("editor.")
        #expect(view.get(.volume) == 8)
        #expect(view.inspect(.volume).status == .launchArgument("8"))
    }

    @Test func aConditionalCommitNamesTheChangedKeyInTheViewsNames() throws {
        let base = InMemoryPersistentKeyValueStore(["editor.volume": .int(1)])
        let view = base.prefixed("editor.")
        #expect(throws: PersistentKeyValueStoreError.changedSince(key: "volume")) {
            try view.commit(["volume": .int(3)], expecting: ["volume": .int(2)])
        }
        #expect(base.primitiveValue(forKey: "editor.volume") == .int(1))
    }
}
