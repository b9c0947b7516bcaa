import Foundation
import PrefsTestHelpers
import Testing

/// What the library cannot throw reaches the person running `prefs` through swift-log, as one line.
@Suite(.threadOfItsOwn) struct CLIDiagnosticsTests {
    /// swift-log is set up once per process, from `PREFS_LOG_LEVEL`, so `prefs` runs as a process of its own.
    @Test func aJournalThatCannotBeWrittenIsLoggedAtTheLevelAskedAndTheWriteStillHappens() throws {
        let cli = try PrefsCLI()
        // A file where the state directory should be: the journal cannot be created under it.
        try Data().write(to: cli.home.url.appendingPathComponent("state"))
        let write = try cli.run("write", "app", "volume", "3", "--type", "int")
        #expect(write.status == 0)
        #expect(write.output.isEmpty)
        let lines = write.error.split(separator: "\n")
        #expect(lines.count == 1)
        // Said as the command's own errors are, with what it means: the value is written, its history is not.
        #expect(lines.first?.hasPrefix("prefs: the change was written, but not its history (cannot append to") == true)
        #expect(lines.first?.hasSuffix("); prefs log, watch and undo will not know of it") == true, "\(lines)")
        #expect(try cli.run("read", "app", "volume").output == "3\n")

        // PREFS_LOG_LEVEL chooses what is shown: above errors, nothing.
        let quiet = try cli.run(
            ["write", "app", "volume", "4", "--type", "int"], extraEnvironment: ["PREFS_LOG_LEVEL": "critical"])
        #expect(quiet.status == 0)
        #expect(quiet.error.isEmpty)
        #expect(try cli.run("read", "app", "volume").output == "4\n")
    }
}
