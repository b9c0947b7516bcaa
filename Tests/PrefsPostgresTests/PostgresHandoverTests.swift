#if PostgreSQL
import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// `prefs` hands a command that names a PostgreSQL store to `prefs-postgres`, beside it or on PATH, with the same
/// arguments, the same name and the same standard streams; without one, it says where it looked.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresHandoverTests {
    /// A folder holding a copy of `prefs` alone, and the search path without the build folder.
    ///
    /// `cp` makes the copy, not this process: a child another test forks while this process holds the copy open for
    /// writing would inherit that descriptor, and running the copy would then fail with "Text file busy".
    private static func prefsAlone() throws -> (prefs: String, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let copy = folder.url.appendingPathComponent("prefs")
        let copied = try ChildProcess.run("/bin/cp", [try ChildProcess.executable(named: "prefs").path, copy.path])
        guard copied.status == 0 else { throw CopyFailed(message: copied.standardError) }
        return (copy.path, folder)
    }

    private struct CopyFailed: Error { var message: String }

    @Test func withoutTheHelperEveryPostgresCommandSaysWhereItLookedAndWritesNothing() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("alone"))
        let (prefs, folder) = try Self.prefsAlone()
        let cli = try PrefsCLI()
        var environment = cli.environment
        environment["PATH"] = "/usr/bin:/bin"
        let write = try ChildProcess.run(
            prefs, ["write", "--store", url, "app", "theme", "dark"], environment: environment)
        #expect(write.status == 1)
        #expect(
            write.standardError
                == "prefs: PostgreSQL stores are opened by prefs-postgres, which is not installed beside prefs "
                + "(\(folder.url.path)) or on PATH\n")
        environment["PREFS_STORE"] = url
        let read = try ChildProcess.run(prefs, ["read", "app"], environment: environment)
        #expect(read.status == 1)
        #expect(read.standardError.hasPrefix("prefs: PostgreSQL stores are opened by prefs-postgres"))
        // The file store is still this prefs's own.
        environment["PREFS_STORE"] = ""
        #expect(try ChildProcess.run(prefs, ["write", "app", "theme", "dark"], environment: environment).status == 0)
        #expect(
            try ChildProcess.run(prefs, ["read", "app", "theme"], environment: environment).standardOutput == "dark\n")
        // Nothing reached the server.
        let helperRead = try cli.run("read", "--store", url, "app")
        #expect(helperRead.status == 1)
        #expect(helperRead.error.hasPrefix("prefs: no suite \"app\" in postgres://"), "\(helperRead.error)")
    }

    @Test func theHelperOnPathIsFoundAndGoesOnAsPrefs() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("path"))
        let (prefs, folder) = try Self.prefsAlone()
        defer { withExtendedLifetime(folder) {} }
        let cli = try PrefsCLI()
        var environment = cli.environment
        let builds = try ChildProcess.executable(named: "prefs-postgres").deletingLastPathComponent().path
        environment["PATH"] = builds + ":/usr/bin:/bin"
        #expect(
            try ChildProcess.run(prefs, ["write", "--store", url, "app", "a", "1"], environment: environment).status
                == 0)
        let log = try ChildProcess.run(prefs, ["log", "--store", url, "app"], environment: environment).standardOutput
        #expect(log.contains("a: (unset) -> 1  by prefs write pid "), "\(log)")
    }

    @Test func aClosedStandardInputReachesTheHelperClosed() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("closed"))
        let cli = try PrefsCLI()
        #expect(try cli.run("write", "--store", url, "app", "a", "1").status == 0)
        let prefs = try ChildProcess.executable(named: "prefs").path
        let closed = try ChildProcess.run(
            "/bin/sh", ["-c", "'\(prefs)' import --store '\(url)' app - --replace <&-"], environment: cli.environment)
        #expect(closed.status == 1)
        #expect(closed.standardError == "prefs: standard input is closed; nothing was read\n")
        #expect(try cli.run("read", "--store", url, "app").output == "a = 1\n", "the suite is whole")
    }
}
#endif
