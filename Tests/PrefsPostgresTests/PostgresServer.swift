#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL server for the tests, on loopback.
///
/// CI starts one (`.ci/run`) and names it in `PREFS_TEST_POSTGRES_URL`; otherwise the tests start a private one from
/// Debian's binaries, stopped when the test process exits. A test that restarts the server starts its own.
final class PostgresServer: Sendable {
    let url: String
    /// The private server's data directory; `nil` for CI's.
    let directory: URL?

    /// The server the tests share, started once; `nil` (with the reason) when none can be had.
    static let shared: Result<PostgresServer, PostgresServerError> = {
        if let url = ProcessInfo.processInfo.environment["PREFS_TEST_POSTGRES_URL"] {
            return .success(PostgresServer(url: url))
        }
        do throws(PostgresServerError) {
            let server = try PostgresServer.startPrivate()
            sharedDataDirectory = server.directory?.path
            atexit { PostgresServer.stopShared() }
            return .success(server)
        } catch {
            return .failure(error)
        }
    }()

    /// Whether a missing server fails the tests rather than skipping them: in CI (`PREFS_REQUIRE_POSTGRES` or `CI`
    /// set).
    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PREFS_REQUIRE_POSTGRES"] != nil || environment["CI"] != nil
    }

    /// The trait of every suite that needs a server: skipped, and shown as skipped, when there is none and none is
    /// required; run, and failed by ``require()``, when one is required and missing.
    static var needed: ConditionTrait {
        .enabled("needs a PostgreSQL server (apt-get install postgresql)") {
            if case .success = shared { return true }
            return isRequired
        }
    }

    /// The shared server.
    ///
    /// - Throws: ``PostgresServerError`` when there is none, which fails the test.
    static func require() throws(PostgresServerError) -> PostgresServer {
        try shared.get()
    }

    /// A URL for a table of the test's own, so that tests sharing the server never see each other's rows.
    func url(table: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "table=\(table)"
    }

    /// Runs SQL through `psql` and returns the rows, one line each.
    ///
    /// - Throws: When `psql` is missing or fails.
    func psql(_ sql: String) throws -> [String] {
        let psql = [Self.binaries().map { $0 + "/psql" }, "/usr/bin/psql"].compactMap { $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let psql else { throw PostgresServerError("no psql (apt-get install postgresql-client)") }
        let result = try ChildProcess.run(psql, [url, "-At", "-c", sql], environment: [:])
        guard result.status == 0 else { throw PostgresServerError("psql failed: \(result.standardError)") }
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    static func uniqueTable(_ prefix: String = "t") -> String {
        "\(prefix)_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "_"))"
    }

    private init(url: String, directory: URL? = nil) {
        self.url = url
        self.directory = directory
    }

    // MARK: - A private server

    /// Creates a cluster in a temporary directory and starts it on a free loopback port.
    static func startPrivate() throws(PostgresServerError) -> PostgresServer {
        guard let bin = binaries() else {
            throw PostgresServerError("no PostgreSQL server binaries (apt-get install postgresql)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-pg-\(UUID().uuidString.prefix(8))")
        let data = directory.appendingPathComponent("data").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw PostgresServerError("cannot create \(directory.path): \(error)")
        }
        // PostgreSQL refuses to run as root; the Debian package's user runs it then.
        if getuid() == 0 { _ = try? CleanProcess.run(["chown", "postgres", directory.path]) }
        let port = freePort()
        let server = PostgresServer(url: "postgres://postgres@127.0.0.1:\(port)/postgres", directory: directory)
        try server.pgRun(bin + "/initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        try server.start(port: port)
        return server
    }

    /// Starts the private server on its port, with its data as they are.
    private func start(port: Int) throws(PostgresServerError) {
        guard let directory, let bin = Self.binaries() else { throw PostgresServerError("not a private server") }
        try pgRun(
            bin + "/pg_ctl",
            [
                "-D", directory.appendingPathComponent("data").path, "-l", directory.appendingPathComponent("log").path,
                "-w", "-o", "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off", "start",
            ])
    }

    /// Stops the private server at once, as a crash would, keeping its files for ``startAgain()``.
    func crash() throws(PostgresServerError) {
        guard let directory, let bin = Self.binaries() else { throw PostgresServerError("not a private server") }
        try pgRun(bin + "/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "stop"])
    }

    /// Starts a crashed private server again, on the port of its URL.
    func startAgain() throws(PostgresServerError) {
        guard let port = URLComponents(string: url)?.port else { throw PostgresServerError("no port in \(url)") }
        try start(port: port)
    }

    /// Restarts the private server, dropping every connection.
    func restart() throws(PostgresServerError) {
        guard let directory, let bin = Self.binaries() else { throw PostgresServerError("not a private server") }
        try pgRun(
            bin + "/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-w", "-m", "fast", "restart"])
    }

    /// Stops the private server at once, as a crash or `pg_ctl -m immediate stop` would, and starts it again: every
    /// connection is cut wherever it was, mid-stream included.
    func crashAndRestart() throws(PostgresServerError) {
        guard let directory, let bin = Self.binaries() else { throw PostgresServerError("not a private server") }
        try pgRun(
            bin + "/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-w", "-m", "immediate", "restart"])
    }

    /// Stops every process of the private server where it is (SIGSTOP to the postmaster and each process it
    /// started, each of which is a session of its own): connections stay open and nothing answers, as a server whose
    /// machine hangs or drops off the network.
    func freeze() throws(PostgresServerError) {
        try signalGroup(SIGSTOP)
    }

    /// Lets a frozen server go on.
    func thaw() {
        try? signalGroup(SIGCONT)
    }

    private func signalGroup(_ signal: Int32) throws(PostgresServerError) {
        guard let directory else { throw PostgresServerError("not a private server") }
        let pidFile = directory.appendingPathComponent("data/postmaster.pid")
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ Int32($0) })
        else { throw PostgresServerError("no postmaster.pid in \(directory.path)") }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let children = names.compactMap(Int32.init).filter { child in
            // /proc/PID/stat: "PID (name) state PPID …"; the name may hold spaces, never ")".
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
        for process in [pid] + children where kill(process, signal) != 0 {
            throw PostgresServerError("cannot signal server process \(process): \(String(cString: strerror(errno)))")
        }
    }

    /// Stops the private server and removes its files.
    func stop() {
        guard let directory, let bin = Self.binaries() else { return }
        try? pgRun(bin + "/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    private func pgRun(_ tool: String, _ arguments: [String]) throws(PostgresServerError) {
        let command = (getuid() == 0 ? ["runuser", "-u", "postgres", "--"] : []) + [tool] + arguments
        let status: Int32
        do {
            status = try CleanProcess.run(command)
        } catch {
            throw PostgresServerError("cannot run \(tool): \(error)")
        }
        guard status == 0 else { throw PostgresServerError("\(tool) \(arguments.last ?? "") exited with \(status)") }
    }

    static func binaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/pg_ctl") }
    }

    private static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func stopShared() {
        guard let path = sharedDataDirectory else { return }
        PostgresServer(url: "", directory: URL(fileURLWithPath: path)).stop()
    }
}

nonisolated(unsafe) private var sharedDataDirectory: String?

struct PostgresServerError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
#endif
