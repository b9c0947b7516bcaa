import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// A write keeps the suite file's owner, group and mode, or refuses in one line.
///
/// A read-only suite file is read-only to prefs too. Tested with a real other user, through `setpriv`.
@Suite(.threadOfItsOwn, .enabled(if: getuid() == 0, "acting as another user needs root"))
struct OwnershipTests {
    private static let alice: UInt32 = 4343

    /// Runs `prefs` as `alice`, with a home of her own.
    private static func runAsAlice(_ arguments: [String], home: TemporaryDirectory) throws -> ChildProcess.Result {
        let prefs = try ChildProcess.executable(named: "prefs").path
        return try ChildProcess.run(
            "/usr/bin/setpriv",
            ["--reuid=\(alice)", "--regid=\(alice)", "--clear-groups", "--", prefs] + arguments,
            environment: [
                "HOME": home.path, "XDG_STATE_HOME": home.url.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
                "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
                "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
            ])
    }

    private static func status(_ url: URL) throws -> stat {
        var status = stat()
        #expect(lstat(url.path, &status) == 0)
        return status
    }

    /// Alice's suite, in her own directory, as her own file of mode 0640.
    private static func alicesSuite() throws -> (home: TemporaryDirectory, directory: URL) {
        let home = try TemporaryDirectory(prefix: "prefs-alice")
        #expect(chown(home.path, alice, alice) == 0)
        let directory = home.url.appendingPathComponent("config")
        let made = try runAsAlice(["--config-dir", directory.path, "write", "s", "theme", "dark"], home: home)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(chmod(directory.appendingPathComponent("s.plist").path, 0o640) == 0)
        return (home, directory)
    }

    @Test func rootWritingAUsersSuiteGivesItBackToTheUser() throws {
        let (home, directory) = try Self.alicesSuite()
        let cli = try InProcessPrefs()
        let write = try cli.run("--config-dir", directory.path, "write", "s", "volume", "3", "--type", "int")
        #expect(write.status == 0, "\(write.error)")
        let file = try Self.status(directory.appendingPathComponent("s.plist"))
        #expect(file.st_uid == Self.alice && file.st_gid == Self.alice)
        #expect(file.st_mode & 0o7777 == 0o640)
        // Nothing of root's is left in her directory, so her own prefs goes on reading and writing.
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            #expect(try Self.status(directory.appendingPathComponent(name)).st_uid == Self.alice, "\(name)")
        }
        let read = try Self.runAsAlice(["--config-dir", directory.path, "read", "s", "volume"], home: home)
        #expect(read.status == 0 && read.standardOutput == "3\n", "\(read.standardError)")
        let again = try Self.runAsAlice(["--config-dir", directory.path, "write", "s", "volume", "4"], home: home)
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test func aReadOnlySuiteIsReadOnlyToPrefsEvenAsRoot() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "s", "theme", "dark")
        let file = cli.suiteFile("s")
        #expect(chmod(file.path, 0o444) == 0)
        let before = try Data(contentsOf: file)
        let write = try cli.run("write", "s", "theme", "light")
        #expect(write.status == 1)
        #expect(
            write.error
                == "prefs: suite \"s\" cannot be written (\(file.path)): its file is read-only (mode 444); make it "
                + "writable to change it; nothing was written\n")
        #expect(try Data(contentsOf: file) == before)
        #expect(try Self.status(file).st_mode & 0o7777 == 0o444)
        #expect(try cli.run("read", "s", "theme").output == "dark\n")
    }

    @Test func anotherUsersSuiteInASharedDirectoryIsNotTakenOver() throws {
        let shared = try TemporaryDirectory(prefix: "prefs-shared")
        #expect(chmod(shared.path, 0o1777) == 0)
        let cli = try InProcessPrefs()
        try cli.run("--config-dir", shared.path, "write", "s", "theme", "dark")
        // Both files open to everyone, so that only the suite's owner stands in the way.
        #expect(chmod(shared.url.appendingPathComponent("s.plist").path, 0o666) == 0)
        #expect(chmod(shared.url.appendingPathComponent(".s.plist.lock").path, 0o644) == 0)
        let home = try TemporaryDirectory(prefix: "prefs-alice")
        #expect(chown(home.path, Self.alice, Self.alice) == 0)
        let write = try Self.runAsAlice(["--config-dir", shared.path, "write", "s", "theme", "light"], home: home)
        #expect(write.status == 1)
        #expect(
            write.standardError.contains("its file belongs to user 0, and a write by user 4343 would make it theirs"))
        #expect(try Self.status(shared.url.appendingPathComponent("s.plist")).st_uid == 0)
        #expect(try cli.run("--config-dir", shared.path, "read", "s", "theme").output == "dark\n")
    }

    @Test func aWriteOnAReadOnlyMountSaysSo() throws {
        let mount = try TemporaryDirectory(prefix: "prefs-ro")
        let mounted = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.path])
        try #require(mounted.status == 0, "\(mounted.standardError)")
        defer { _ = try? ChildProcess.run("/bin/umount", [mount.path]) }
        let cli = try InProcessPrefs()
        try cli.run("--config-dir", mount.path, "write", "s", "theme", "dark")
        #expect(try ChildProcess.run("/bin/mount", ["-o", "remount,ro", mount.path]).status == 0)
        let write = try cli.run("--config-dir", mount.path, "write", "s", "theme", "light")
        #expect(write.status == 1)
        #expect(write.error.hasSuffix(": the file system holding it is mounted read-only; nothing was written\n"))
        #expect(try cli.run("--config-dir", mount.path, "read", "s", "theme").output == "dark\n")
    }
}
