import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// No file in the suite directory, and no process holding a lock, can crash, hang or stall prefs: each is reported,
/// in one line, as that suite's problem.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct HostileFileTests {
    private static func nested(_ levels: Int) -> Data {
        Data(
            (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>deep</key>"#
                + String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels)
                + "</dict></plist>").utf8)
    }

    @Test(arguments: [7_000, 50_000])
    func aSuiteNestedThousandsDeepIsRefusedInOneLineByEveryCommand(levels: Int) throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        let original = Self.nested(levels)
        try original.write(to: cli.suiteFile("deep"))
        for arguments in [
            ["read", "deep"], ["read", "deep", "deep"], ["write", "deep", "x", "1"], ["export", "deep"],
        ] {
            let result = cli.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.error.hasSuffix("deeper than 512 levels; it is left untouched until recovered (prefs recover)\n")
            )
            #expect(result.error.split(separator: "\n").count == 1)
        }
        #expect(try Data(contentsOf: cli.suiteFile("deep")) == original)
    }

    @Test func nestingAsDeepAsFoundationAllowsIsRead() throws {
        let scope = try ScopedFileStore()
        // The root dictionary and 511 arrays: 512 levels, Foundation's limit.
        try Self.nested(511).write(to: scope.configDirectory.appendingPathComponent("limit.plist"))
        let suite = try scope.store.suite("limit")
        #expect(suite.problem == nil)
        try suite.commit(["x": .int(1)])
        try Self.nested(512).write(to: scope.configDirectory.appendingPathComponent("over.plist"))
        #expect(try scope.store.suite("over").problem != nil)
    }

    // Opening a FIFO without O_NONBLOCK would wait forever for its writer: the time limit fails the test instead.
    // It counts from when the run queued the test, not from when it started, hence minutes.
    @Test(.timeLimit(.minutes(5))) func aFIFONamedLikeASuiteHangsNothing() throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(cli.suiteFile("pipe").path, 0o600) == 0)
        try cli.run("write", "calm", "k", "v")
        for arguments in [["read", "pipe"], ["write", "pipe", "k", "v"], ["export", "pipe"], ["find", "v"]] {
            let result = cli.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error.contains("suite \"pipe\" cannot be read") && result.error.contains("it is a FIFO"))
        }
        // find still prints what the readable suites match.
        #expect(try cli.run("find", "v").output == "calm k = v\n")
        // A watcher of the directory starts, and sees other suites' changes.
        let scope = try ScopedFileStore()
        try FileManager.default.createDirectory(at: scope.configDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(scope.configDirectory.appendingPathComponent("pipe.plist").path, 0o600) == 0)
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        try scope.reopen().suite("calm").commit(["k": .string("w")])
        #expect(eventually { recorder.all.contains { $0.suite == "calm" && $0.key == "k" } })
    }

    // A write that waited for the lock forever would hang the run: the time limit fails it instead (see above).
    @Test(.timeLimit(.minutes(5))) func readersDoNotWaitForAHeldLockAndWritersGiveUpNamingTheHolder() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "busy", "k", "before")
        let lock = cli.configDirectory.appendingPathComponent(".busy.plist.lock").path
        let holder = try RunningChild("prefs-test-helper", ["hold-lock", lock], pipingInput: true)
        defer {
            holder.closeInput()
            _ = holder.wait()
        }
        #expect(holder.waitForLine { $0 == "locked" })
        let clock = ContinuousClock()
        var read: PrefsRun?
        let reading = try clock.measure { read = try cli.run("read", "busy", "k") }
        #expect(read?.output == "before\n")
        #expect(reading < .seconds(4))
        var written: PrefsRun?
        let writing = try clock.measure { written = try cli.run("write", "busy", "k", "after") }
        #expect(written?.status == 1)
        #expect(
            written?.error
                == "prefs: suite \"busy\" stayed locked for 5 s by process \(holder.pid) (\(lock)); gave up\n")
        #expect(writing >= .seconds(5) && writing < .seconds(15))
        #expect(try cli.run("read", "busy", "k").output == "before\n")
    }

    /// A binary property list whose root is a set: Foundation on Linux decodes it and then crashes bridging the set
    /// (found by the fuzzer), so it must be refused before Foundation sees it.
    @Test(arguments: ["bplist00", "bplist01"])
    func aBinarySuiteHoldingASetIsRefusedRatherThanCrashingFoundation(header: String) throws {
        // What the fuzzer found, under both headers Foundation accepts; prefs reads only bplist00, as plistlib does.
        let found = try #require(
            Data(
                base64Encoded: "YnBsaXN0MDDFAQIDBAUGCgsMDVFsUW5Rc1F1UXej/////////yoAAAAACUEAE////4cAAAAAAAAAAAMAbwBtFA"
                    + "AAAAAAAAAA//////////8zQcHeDEBAAAAIExUUGRsZISotKzY/UAAAAAAAAAEBAAAAAAAAAA4AAAAAAAAAAAAAAAAAAABZ"))
        let crasher = Data(header.utf8) + found.dropFirst(8)
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        try crasher.write(to: cli.suiteFile("set"))
        for arguments in [["read", "set"], ["write", "set", "x", "1"], ["export", "set"]] {
            let result = cli.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            let reason =
                header == "bplist00"
                ? "a binary property list holding a set, which preferences cannot hold"
                : "a binary property list of a version other than bplist00"
            #expect(result.error.contains(reason), "\(arguments): \(result.error)")
        }
        #expect(try Data(contentsOf: cli.suiteFile("set")) == crasher)
        // A binary suite of the kinds preferences hold reads.
        let plain = try PropertyListSerialization.data(
            fromPropertyList: ["n": 1, "s": "é", "a": [1.5, true], "d": Date(timeIntervalSince1970: 0)],
            format: .binary,
            options: 0)
        try plain.write(to: cli.suiteFile("binary"))
        #expect(try cli.run("read", "binary", "s").output == "é\n")
    }

    /// A byte that is not UTF-8 in an integer's text stopped FoundationEssentials' parser, which names what is wrong
    /// with a file our reader refuses, and the process with it (fuzz-plist found it): every command refuses it in one
    /// line instead, and leaves it as it is.
    @Test func aByteThatIsNotUTF8InAnIntegerIsRefusedRatherThanCrashingFoundation() throws {
        let crasher = try Data(
            contentsOf: ProjectFile.root.appendingPathComponent("Fuzz/Corpus/plist/not-utf8-in-an-integer.plist"))
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        try crasher.write(to: cli.suiteFile("bytes"))
        for arguments in [["read", "bytes"], ["write", "bytes", "x", "1"], ["export", "bytes"], ["find", "x"]] {
            let result = cli.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.error.contains("a malformed property list: byte 0xFA at offset 67 is not UTF-8"),
                "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(arguments): \(result.error)")
        }
        #expect(try Data(contentsOf: cli.suiteFile("bytes")) == crasher)
    }

    @Test func entitiesAreDecodedExactly() throws {
        let scope = try ScopedFileStore()
        let text = String(repeating: "<&", count: 200_000) + "&amp;\u{1F600}"
        try PropertyListDocument.xml(["k": .string(text)]).write(
            to: scope.configDirectory.appendingPathComponent("ents.plist"))
        #expect(try scope.store.suite("ents").primitiveValue(forKey: "k") == .string(text))
    }

    @Test func aManifestNestedThousandsDeepIsRefusedAndOneAsDeepAsAPropertyListIsRead() throws {
        func manifest(_ levels: Int) -> Data {
            let storage = String(repeating: "array<", count: levels) + "int" + String(repeating: ">", count: levels)
            return Data(
                #"{"format":"prefs-schema","version":1,"keys":[{"id":"k","kind":"array","storage":"\#(storage)","optional":true}]}"#
                    .utf8)
        }
        #expect(throws: PreferenceSchemaError.self) { try PreferenceSchema(manifest: manifest(8_000)) }
        let schema = try PreferenceSchema(manifest: manifest(500))
        #expect(schema.entries.first?.storage.description.count == 500 * "array<>".count + 3)
    }
}
