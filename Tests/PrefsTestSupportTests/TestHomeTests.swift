import Foundation
import PrefsTestHelpers
import Testing

/// The tests run in a home of their own, made before the first: a store given no folders journals there, never in
/// the runner's own home.
struct TestHomeTests {
    @Test func theTestsRunInAHomeOfTheirOwn() throws {
        let home = try #require(TestHome.path, "made by the test process itself, not a child run")
        let environment = ProcessInfo.processInfo.environment
        #expect(environment["HOME"] == home)
        for (name, below) in [
            ("XDG_CONFIG_HOME", ".config"), ("XDG_STATE_HOME", ".local/state"), ("XDG_DATA_HOME", ".local/share"),
            ("XDG_CACHE_HOME", ".cache"),
        ] {
            #expect(environment[name] == "\(home)/\(below)", "\(name)")
        }
    }
}
