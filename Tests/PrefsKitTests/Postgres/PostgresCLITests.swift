import Foundation
import Testing

/// `prefs` on a PostgreSQL store: `--store` and `PREFS_STORE`, as real child processes against a real server.
@Suite struct PostgresCLITests {
    @Test func readWriteDeleteAndListThroughStoreAndTheEnvironment() throws {
        guard let server = try PostgresServer.require() else { return }
        let url = server.url(table: PostgresServer.uniqueTable("cli"))
        let cli = try PrefsCLI()
        #expect(try cli.run("write", "--store", url, "app", "theme", "dark").status == 0)
        #expect(try cli.run("write", "--store", url, "app", "count", "3", "--type", "int").status == 0)
        #expect(try cli.run("read", "--store", url, "app", "theme").output == "dark\n")
        #expect(try cli.run("read", "--store", url, "app").output == "count = 3\ntheme = dark\n")
        #expect(try cli.run("suites", "--store", url).output == "app\n")
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("app").path), "nothing went to the files")

        var environment = cli.environment
        environment["PREFS_STORE"] = url
        let viaEnvironment = try ChildProcess.run("prefs", ["read", "app", "count"], environment: environment)
        #expect(viaEnvironment.standardOutput == "3\n")

        #expect(try cli.run("delete", "--store", url, "app", "theme").status == 0)
        let missing = try cli.run("read", "--store", url, "app", "theme")
        #expect(missing.status == 1)
        #expect(missing.error == "prefs: unknown key \"theme\" in suite \"app\"\n")
    }

    @Test func badStoresAndFileOnlyCommandsAreOneLineErrors() throws {
        let cli = try PrefsCLI()
        let bad = try cli.run("read", "--store", "mysql://localhost/x", "app")
        #expect(bad.status == 1)
        #expect(bad.error.hasPrefix("prefs: not a PostgreSQL store URL: \"mysql://localhost/x\""))
        #expect(bad.error.split(separator: "\n").count == 1)
        let unreachable = try cli.run("write", "--store", "postgres://postgres@127.0.0.1:1/x", "app", "k", "v")
        #expect(unreachable.status == 1)
        #expect(
            unreachable.error.hasPrefix("prefs: cannot reach the PostgreSQL store at postgres://postgres@127.0.0.1:1/"))
        let log = try cli.run("log", "--store", "postgres://postgres@127.0.0.1:1/x", "app")
        #expect(log.status == 1)
        #expect(log.error == "prefs: prefs log works on the configuration directory's files; it cannot use --store\n")
    }

    @Test func watchSeesAnotherClientsWriteWithItsHostAndPid() throws {
        guard let server = try PostgresServer.require() else { return }
        let url = server.url(table: PostgresServer.uniqueTable("watch"))
        let cli = try PrefsCLI()
        let watcher = try cli.start("watch", "--store", url, "app")
        defer { watcher.kill() }
        var seen = false
        for attempt in 0..<50 where !seen {
            try cli.run("write", "--store", url, "app", "ready", "\(attempt)")
            seen = watcher.waitForLine(timeout: .milliseconds(300)) { $0.contains("app ready = ") }
        }
        #expect(seen)
        try cli.run("write", "--store", url, "app", "theme", "black")
        let host = ProcessInfo.processInfo.hostName
        #expect(watcher.waitForLine { $0.contains("app theme = black (prefs pid ") && $0.hasSuffix(" on \(host))") })
    }

    @Test func theEditorBrowsesAPostgresStoreAndRefreshesLive() throws {
        guard let server = try PostgresServer.require() else { return }
        let url = server.url(table: PostgresServer.uniqueTable("tui"))
        let cli = try PrefsCLI()
        try cli.run("write", "--store", url, "app", "theme", "dark")
        let terminal = try TmuxSession(running: "prefs", "tui --store '\(url)'", in: cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("postgres://postgres@127.0.0.1") && $0.contains("app") })
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("theme") && $0.contains("dark") })
        try cli.run("write", "--store", url, "app", "theme", "black")
        #expect(try terminal.waitFor { $0.contains("black") }, "another client's write appears")
        try terminal.send("Enter", "C-u", "light", "Enter")
        #expect(try terminal.waitFor { $0.contains("theme = light") })
        #expect(try cli.run("read", "--store", url, "app", "theme").output == "light\n")
        try terminal.send("q", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
    }
}
