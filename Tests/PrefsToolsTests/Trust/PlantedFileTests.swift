import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The staging and lock files sit in a directory other programs and other users write to.
///
/// Whatever stands under
/// their names, a write never writes through it, never adopts it as the suite, and a corrupt suite is always kept.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct PlantedFileTests {
    private static func staging(_ scope: ScopedFileStore, _ suite: String) -> URL {
        scope.configDirectory.appendingPathComponent(".\(suite).plist.new")
    }

    @Test func aHardLinkPlantedAsTheStagingFileIsNeverWrittenThrough() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("linked")
        try suite.commit(["a": .int(1)])
        let victim = scope.directory.url.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let staging = Self.staging(scope, "linked")
        try? FileManager.default.removeItem(at: staging)
        #expect(link(victim.path, staging.path) == 0)
        try suite.commit(["b": .int(2)])
        #expect(try Data(contentsOf: victim) == Data("precious".utf8))
        #expect(try scope.reopen().suite("linked").primitiveValues() == ["a": .int(1), "b": .int(2)])
    }

    @Test func aSymlinkedPreviousVersionBesideACorruptSuiteIsNotRestoredAndTheSuiteIsKept() throws {
        let scope = try ScopedFileStore()
        let plist = scope.configDirectory.appendingPathComponent("lured.plist")
        try Data("garbage".utf8).write(to: plist)
        let lure = scope.directory.url.appendingPathComponent("lure.plist")
        try PropertyListDocument.xml(["planted": .bool(true)]).write(to: lure)
        let previous = scope.configDirectory.appendingPathComponent(".lured.plist.previous")
        try FileManager.default.createSymbolicLink(at: previous, withDestinationURL: lure)
        let suite = try scope.store.suite("lured")
        #expect(suite.problem != nil)
        #expect(suite.primitiveValue(forKey: "planted") == nil)
        #expect(try Data(contentsOf: plist) == Data("garbage".utf8))
        #expect(try PropertyListDocument.decode(Data(contentsOf: lure)) == ["planted": .bool(true)])
        #expect(throws: FileStoreError.self) { try suite.recover(from: .previous) }
        #expect(try Data(contentsOf: plist) == Data("garbage".utf8))
    }

    @Test func restoringAPreviousVersionKeepsTheCorruptSuiteAside() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("broken")
        try suite.commit(["volume": .int(3)])
        try suite.commit(["volume": .int(4)])
        let plist = suite.fileURL
        try Data("<?xml version=\"1.0\"?><plist><dict><key>vol".utf8).write(to: plist)
        let reopened = try scope.reopen().suite("broken")
        #expect(reopened.problem != nil)
        try reopened.recover(from: .previous)
        #expect(reopened.primitiveValues() == ["volume": .int(3)])
        let kept = try FileManager.default.contentsOfDirectory(atPath: scope.configDirectory.path)
            .filter { $0.hasPrefix("broken.plist.corrupt-") }
        #expect(kept.count == 1)
        let keptData = try Data(contentsOf: scope.configDirectory.appendingPathComponent(kept.first ?? ""))
        #expect(keptData == Data("<?xml version=\"1.0\"?><plist><dict><key>vol".utf8))
    }

    // A lock file opened without O_NONBLOCK would wait forever for a FIFO's writer: the time limit fails it instead.
    // It counts from when the run queued the test, not from when it started, hence minutes.
    @Test(.timeLimit(.minutes(5))) func aFIFOPlantedAsTheLockFileIsRefusedInOneLine() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "locked", "k", "v")
        let lock = cli.configDirectory.appendingPathComponent(".locked.plist.lock").path
        try FileManager.default.removeItem(atPath: lock)
        #expect(mkfifo(lock, 0o600) == 0)
        let result = try cli.run("write", "locked", "k", "w")
        #expect(result.status == 1)
        #expect(result.error == "prefs: refusing to use \(lock): the lock file is a FIFO\n")
        #expect(try cli.run("read", "locked", "k").output == "v\n")
    }

    /// Runs the built `prefs` as another user, with its home in a directory that user owns.
    private static func runAs(
        uid: Int, _ arguments: [String], configDirectory: URL, home: URL
    ) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            [
                "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--",
                try ChildProcess.executable(named: "prefs").path,
            ]
            + arguments + ["--config-dir", configDirectory.path]
        process.environment = [
            "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
        ]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: getuid() == 0, "acting as two other users needs root"))
    func anotherUsersStagingFileInASharedDirectoryIsNeverAdopted() throws {
        let shared = try TemporaryDirectory(prefix: "prefs-sticky")
        #expect(chmod(shared.path, 0o1777) == 0)
        let writerHome = shared.url.appendingPathComponent("writer-home")
        try FileManager.default.createDirectory(at: writerHome, withIntermediateDirectories: true)
        #expect(chown(writerHome.path, 4242, 4242) == 0)
        let suites = shared.url.appendingPathComponent("suites")
        try FileManager.default.createDirectory(at: suites, withIntermediateDirectories: true)
        #expect(chmod(suites.path, 0o1777) == 0)
        let first = try Self.runAs(uid: 4242, ["write", "team", "k", "1"], configDirectory: suites, home: writerHome)
        #expect(first.status == 0, "\(first.error)")
        // Another user replaces the prepared staging file with one of their own, writable by anyone.
        let staging = suites.appendingPathComponent(".team.plist.new")
        try? FileManager.default.removeItem(at: staging)
        let planter = Process()
        planter.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        planter.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "--", "/bin/sh", "-c",
            "umask 000; printf planted > '\(staging.path)'",
        ]
        try planter.run()
        planter.waitUntilExit()
        let planted = try FileManager.default.attributesOfItem(atPath: staging.path)
        #expect((planted[.ownerAccountID] as? NSNumber)?.intValue == 65534)
        let second = try Self.runAs(uid: 4242, ["write", "team", "k", "2"], configDirectory: suites, home: writerHome)
        #expect(second.status == 1)
        #expect(second.error.hasPrefix("prefs: refusing to use \(staging.path): a file this process did not create"))
        // The suite is still the writer's own, unchanged, and the planted file stayed where it was.
        let suite = try FileManager.default.attributesOfItem(atPath: suites.appendingPathComponent("team.plist").path)
        #expect((suite[.ownerAccountID] as? NSNumber)?.intValue == 4242)
        #expect((suite[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(
            try PropertyListDocument.decode(Data(contentsOf: suites.appendingPathComponent("team.plist"))) == [
                "k": .string("1")
            ])
        #expect(try String(contentsOf: staging, encoding: .utf8) == "planted")
    }

    @Test func everyFileAndFolderIsTheOwnersAloneWhateverTheUmask() throws {
        let cli = try InProcessPrefs()
        let manifest = cli.home.url.appendingPathComponent("app.json")
        try Data(
            #"{"format":"prefs-schema","version":1,"suite":"app","keys":[{"id":"k","kind":"string","storage":"string","default":"a"}]}"#
                .utf8
        ).write(to: manifest)
        let prefs = try ChildProcess.executable(named: "prefs").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "umask 000 && \"$0\" schema install \"$1\" && \"$0\" write app k b", prefs, manifest.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(cli.environment) { $1 }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        func mode(_ url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(cli.configDirectory) == 0o700)
        #expect(try mode(cli.suiteFile("app")) == 0o600)
        let state = cli.home.url.appendingPathComponent("state/prefs/journal")
        let journals = try FileManager.default.contentsOfDirectory(at: state, includingPropertiesForKeys: nil)
        #expect(journals.count == 1)
        for folder in journals {
            #expect(try mode(folder) == 0o700)
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                #expect(try mode(file) == 0o600, "\(file.lastPathComponent)")
            }
        }
        let schemas = cli.home.url.appendingPathComponent("data/prefs/schemas")
        #expect(try mode(schemas) == 0o700)
        for folder in try FileManager.default.contentsOfDirectory(at: schemas, includingPropertiesForKeys: nil) {
            #expect(try mode(folder) == 0o700)
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                #expect(try mode(file) == 0o600, "\(file.lastPathComponent)")
            }
        }
    }

    @Test func aConfigurationDirectoryReachedThroughALinkHasItsSchemaAndHistory() throws {
        let cli = try InProcessPrefs()
        let real = cli.home.url.appendingPathComponent("real")
        let link = cli.home.url.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let manifest = cli.home.url.appendingPathComponent("app.json")
        try Data(
            #"{"format":"prefs-schema","version":1,"suite":"app","keys":[{"id":"scale","kind":"double","storage":"double","default":1,"range":{"min":0.5,"max":3}}]}"#
                .utf8
        ).write(to: manifest)
        #expect(try cli.run("--config-dir", real.path, "schema", "install", manifest.path).status == 0)
        #expect(try cli.run("--config-dir", real.path, "write", "app", "scale", "2").status == 0)
        let refused = try cli.run("--config-dir", link.path, "write", "app", "scale", "9")
        #expect(refused.status == 1)
        #expect(refused.error.contains("out of range"))
        let log = try cli.run("--config-dir", link.path, "log", "app")
        #expect(log.output.contains("scale: (unset) -> 2.0"))
    }
}
