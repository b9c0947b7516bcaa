import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// An empty or unreadable document is an error for `import`, `load` and `--replace` alike, so that a producer that
/// failed (`ssh host prefs export s | prefs import s - --replace`) cannot wipe a suite with exit status 0.
@Suite(.threadOfItsOwn) struct EmptyInputTests {
    private static func suiteWithKeys() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        try cli.run("write", "s", "theme", "dark")
        try cli.run("write", "s", "count", "3", "--type", "int")
        return cli
    }

    private static func expectUntouched(_ cli: InProcessPrefs, _ before: Data) throws {
        #expect(try Data(contentsOf: cli.suiteFile("s")) == before)
        #expect(try cli.run("read", "s").output == "count = 3\ntheme = dark\n")
    }

    @Test(arguments: [
        ["import", "s", "/dev/null", "--replace"], ["import", "s", "-", "--replace"], ["import", "s", "-"],
        ["load", "-", "--replace"], ["load", "/dev/null"],
    ])
    func emptyInputIsRefused(arguments: [String]) throws {
        let cli = try Self.suiteWithKeys()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let result = cli.run(arguments, input: Data(" \n".utf8))
        #expect(result.status == 1)
        let name = arguments.contains("-") ? "standard input" : "/dev/null"
        #expect(
            result.error == "prefs: \(name) is empty, which is no document (an empty suite is {}); nothing was read\n")
        try Self.expectUntouched(cli, before)
    }

    /// Standard input as a shell gives it: the pipeline of the issue, whose producer fails and writes nothing, and a
    /// closed descriptor.
    @Test func aFailedProducerInAPipelineOrAClosedStandardInputWipesNothing() throws {
        let cli = try Self.suiteWithKeys()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let prefs = try ChildProcess.executable(named: "prefs").path
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "(exit 1) | '\(prefs)' import s - --replace"], environment: cli.environment)
        #expect(result.status == 1)
        #expect(result.standardError.contains("standard input is empty"))
        try Self.expectUntouched(cli, before)
        let closed = try ChildProcess.run(
            "/bin/sh", ["-c", "'\(prefs)' import s - --replace <&-"], environment: cli.environment)
        #expect(closed.status == 1)
        #expect(closed.standardError == "prefs: standard input is closed; nothing was read\n")
        try Self.expectUntouched(cli, before)
    }

    @Test func anEmptyObjectReplacesNothingButAsksForDeleteAll() throws {
        let cli = try Self.suiteWithKeys()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let result = try cli.run("import", "s", "-", "--replace", input: Data("{}".utf8))
        #expect(result.status == 1)
        #expect(
            result.error
                == "prefs: the document holds no keys, so --replace would remove all 2 of suite \"s\"; nothing was "
                + "written (prefs delete s --all empties it)\n")
        try Self.expectUntouched(cli, before)
        // Merging nothing changes nothing, and is no error; nor is replacing an empty suite with nothing.
        #expect(try cli.run("import", "s", "-", input: Data("{}".utf8)).status == 0)
        #expect(try cli.run("import", "fresh", "-", "--replace", input: Data("{}".utf8)).status == 0)
        try Self.expectUntouched(cli, before)
    }

    @Test func aDirectoryIsNamed() throws {
        let cli = try Self.suiteWithKeys()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let directory = try cli.run("import", "s", cli.home.path)
        #expect(directory.status == 1)
        #expect(directory.error == "prefs: \(cli.home.path) is a directory, not a document; nothing was read\n")
        try Self.expectUntouched(cli, before)
    }

    /// With standard output and error closed, the files a write opens must not take their numbers: what `prefs`
    /// prints would land in them.
    @Test func closedStandardStreamsLeaveTheSuiteAndItsJournalWhole() throws {
        let cli = try Self.suiteWithKeys()
        let prefs = try ChildProcess.executable(named: "prefs").path
        let written = try ChildProcess.run(
            "/bin/sh", ["-c", "'\(prefs)' write s extra 42 --type int --json >&- 2>&-"], environment: cli.environment)
        // The write is made; the JSON that says so was lost, and the status says that.
        #expect(written.status == 1)
        #expect(try cli.run("read", "s", "extra").output == "42\n")
        let quiet = try ChildProcess.run(
            "/bin/sh", ["-c", "'\(prefs)' write s other 1 >&- 2>&-"], environment: cli.environment)
        #expect(quiet.status == 0, "a write that prints nothing loses nothing")
        let document = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: cli.suiteFile("s")), format: nil)
        #expect((document as? [String: Any])?["extra"] as? Int == 42)
        #expect(try cli.run("log", "s", "extra").output.contains("(unset) -> 42"))
    }
}
