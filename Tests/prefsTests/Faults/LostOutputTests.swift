import Foundation
import PrefsTestHelpers
import Testing

/// Output is data: a command whose output cannot be written (a full disk, a closed descriptor) says so in one line
/// and fails, `watch` ends rather than print to nobody for ever, a reader that went away ends a command without a
/// word, and `-o FILE` leaves the file as it was.
@Suite(.threadOfItsOwn) struct LostOutputTests {
    private static func suite() throws -> PrefsCLI {
        let cli = try PrefsCLI()
        try cli.run("write", "s", "k", "v")
        try cli.run("write", "s", "n", "3", "--type", "int")
        return cli
    }

    /// Runs `prefs` through sh, so that its streams can be redirected as a user would.
    private static func shell(_ script: String, _ cli: PrefsCLI) throws -> ChildProcess.Result {
        let prefs = try ChildProcess.executable(named: "prefs").path
        return try ChildProcess.run(
            "/bin/sh", ["-c", script.replacingOccurrences(of: "prefs ", with: "'\(prefs)' ")],
            environment: cli.environment)
    }

    private static let lost =
        "prefs: cannot write to standard output: No space left on device; the output is incomplete\n"
    private static let closed =
        "prefs: cannot write to standard output: Bad file descriptor; the output is incomplete\n"

    @Test(arguments: [
        "prefs read s", "prefs read s k", "prefs export s", "prefs export s --format json", "prefs dump",
        "prefs log s", "prefs suites", "prefs find v", "prefs describe s k", "prefs read-type s k", "prefs --version",
    ])
    func everyCommandThatPrintsFailsOnAFullDiskAndAClosedOutput(command: String) throws {
        let cli = try Self.suite()
        let full = try Self.shell("\(command) >/dev/full", cli)
        #expect(full.status == 1, "\(command)")
        #expect(full.standardError == Self.lost, "\(command)")
        let shut = try Self.shell("\(command) >&-", cli)
        #expect(shut.status == 1, "\(command)")
        #expect(shut.standardError == Self.closed, "\(command)")
    }

    /// In-process, its output failing as on a full disk.
    @Test func underJSONTheFailureIsTheJSONErrorObject() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "s", "k", "v")
        let full = prefs.run(["read", "s", "--json"], outputFails: .noSpace)
        #expect(full.status == 1)
        #expect(full.error.hasPrefix(#"{"code":"io","message":"cannot write to standard output: "#), "\(full.error)")
    }

    /// Output into a pipe: `-o /dev/stdout` (a link to the pipe) is written into, never replaced; and a reader that
    /// went away ends the command without a word.
    @Test func aPipeIsWrittenIntoAndAReaderThatWentAwayEndsTheCommandWithoutAWord() throws {
        let cli = try Self.suite()
        let piped = try Self.shell("prefs export s -o /dev/stdout | cat", cli)
        #expect(piped.standardOutput.hasPrefix("<?xml") && piped.standardError.isEmpty, "\(piped.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == "/proc/self/fd/1")
        let big = #"{"big": "\#(String(repeating: "x", count: 300_000))"}"#
        #expect(try cli.run("import", "s", "-", input: Data(big.utf8)).status == 0)
        let gone = try Self.shell("prefs read s | head -c 1", cli)
        #expect(gone.standardOutput == "b")
        #expect(gone.standardError == "")
    }

    @Test func watchEndsWhenItsOutputFails() throws {
        let cli = try Self.suite()
        // Writes go on until the watch has seen one and ended: however long it takes to start, no sleep guesses it.
        let script = """
            prefs watch s >/dev/full 2>"$HOME/watch.err" & watch=$!
            i=0
            while kill -0 $watch 2>/dev/null && [ $i -lt 2000 ]; do prefs write s k "$i"; i=$((i + 1)); done
            wait $watch; echo "status $?"
            """
        let run = try Self.shell(script, cli)
        #expect(run.standardOutput == "status 1\n")
        let error = try String(contentsOf: cli.home.url.appendingPathComponent("watch.err"), encoding: .utf8)
        #expect(error.hasSuffix(Self.lost), "\(error)")
        let shut = try Self.shell("prefs watch s >&-", cli)
        #expect(shut.status == 1)
        #expect(shut.standardError == Self.closed)
    }

    /// In-process: the rule is in `Output.write(_:toFile:)`, which every `-o` goes through.
    @Test func exportToAFileThatCannotBeWrittenLeavesItAsItWas() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "s", "k", "v")
        let folder = prefs.home.url.appendingPathComponent("readonly")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("s.plist")
        try Data("before".utf8).write(to: file)
        // Root may write anything: a missing folder is what refuses every user.
        let missing = folder.appendingPathComponent("gone/s.plist")
        let refused = try prefs.run("export", "s", "-o", missing.path)
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "prefs: cannot write \"\(missing.path)\": No such file or directory; the file is as it was\n")
        #expect(try Data(contentsOf: file) == Data("before".utf8))
    }

    @Test func outputToALinkWritesWhereItLeadsAndKeepsTheLink() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "s", "k", "v")
        let folder = prefs.home.url.appendingPathComponent("target")
        let link = prefs.home.url.appendingPathComponent("link.plist")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: folder.appendingPathComponent("s.plist").path)
        let missing = try prefs.run("export", "s", "-o", link.path)
        #expect(missing.status == 1, "the folder it leads to does not exist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try prefs.run("export", "s", "-o", link.path).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path).hasSuffix("target/s.plist"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("s.plist")).starts(with: Data("<?xml".utf8)))
        let full = try prefs.run("export", "s", "-o", "/dev/full")
        #expect(full.error == "prefs: cannot write \"/dev/full\": No space left on device\n")
    }
}
