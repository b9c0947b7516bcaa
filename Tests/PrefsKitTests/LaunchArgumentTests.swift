import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@Suite struct LaunchArgumentTests {
    @Test func parsesDashKeyValuePairsAndLeavesDoubleDashOptions() {
        let arguments = LaunchArguments(["-theme", "dark", "--verbose", "-n", "-5", "positional", "-last"])
        #expect(arguments.values == ["theme": "dark", "n": "-5"])
        #expect(arguments["verbose"] == nil)
        #expect(arguments["last"] == nil)
    }

    @Test func overridesAreConvertedToTheKeysTypeAndNeverWritten() throws {
        let arguments = LaunchArguments(values: [
            "volume": "7", "isEnabled": "NO", "flavor": "chocolate", "ratio": "0.125", "recents": #"["a","b"]"#,
            "started": "2024-05-01T12:00:00Z",
        ])
        let store = InMemoryPersistentKeyValueStore(["volume": .int(2)], launchArguments: arguments)
        #expect(store.get(.volume) == 7)
        #expect(store.inspect(.volume).status == .launchArgument("7"))
        #expect(store.get(.isEnabled) == false)
        #expect(store.get(.flavor) == .chocolate)
        #expect(store.get(.ratio) == 0.125)
        #expect(store.get(.recents) == ["a", "b"])
        #expect(store.get(.started) == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(store.primitiveValues() == ["volume": .int(2)])
        store.set(.volume, to: 3)
        #expect(store.get(.volume) == 7)
        #expect(store.primitiveValue(forKey: "volume") == .int(3))
    }

    @Test func anOverrideThatDoesNotFitTheTypeIsIgnored() {
        let store = InMemoryPersistentKeyValueStore(
            ["volume": .int(2)], launchArguments: LaunchArguments(values: ["volume": "loud", "flavor": "mint"]))
        #expect(store.get(.volume) == 2)
        #expect(store.inspect(.volume).status == .ok)
        #expect(store.get(.flavor) == .vanilla)
        // Ignored, but not without a word: the inspection names the argument and why.
        let ignored = store.inspect(.volume).ignoredLaunchArgument
        #expect(ignored?.key == "volume" && ignored?.text == "loud")
        #expect(ignored.map { "\($0)" } == #"launch argument -volume "loud" ignored: "loud" is not an integer"#)
        #expect(store.inspect(.flavor).ignoredLaunchArgument?.text == "mint")
        #expect(InMemoryPersistentKeyValueStore([:]).inspect(.volume).ignoredLaunchArgument == nil)
    }
}
