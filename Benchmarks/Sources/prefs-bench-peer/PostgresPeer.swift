// The PostgreSQL peers: a writer and a listener through PrefsPostgres, and the same through bare PostgresNIO, the
// floor any store on PostgreSQL stands on.
import Foundation
import Logging
import PostgresNIO
import PrefsKit
import PrefsPostgres
import Synchronization

enum PostgresPeer {
    static let logger = Logger(label: "prefs-bench-peer")

    /// pg-ping URL COUNT INTERVAL-MS: writes the wall-clock time to "ping", COUNT times, through the store.
    static func ping(_ url: String, count: Int, interval: Int) throws {
        let suite = try PostgresStore(url: url).suite("bench")
        for _ in 0..<count {
            try suite.commit(["ping": .int(wallClockNanoseconds())])
            usleep(useconds_t(interval * 1000))
        }
    }

    /// pg-pong URL COUNT: prints "ready", then one delay in microseconds per "ping" event from another client.
    static func pong(_ url: String, count: Int) throws {
        let store = try PostgresStore(url: url)
        let listening = store.startListening()
        defer { listening.cancel() }
        let delays = Mutex<[Int]>([])
        let observation = store.addObserver { changes in
            let now = wallClockNanoseconds()
            for change in changes where change.key == "ping" && change.origin == .otherProcess {
                if case .int(let sent)? = change.newValue { delays.withLock { $0.append((now - sent) / 1000) } }
            }
        }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        wait(for: delays, count: count)
        observation.cancel()
        print(delays.withLock { $0 }.map(String.init).joined(separator: "\n"))
    }

    /// pg-write URL PREFIX COUNT: one store write per key.
    static func write(_ url: String, prefix: String, count: Int) throws {
        let suite = try PostgresStore(url: url).suite("bench")
        for index in 0..<count { try suite.commit(["\(prefix)-\(index)": .int(index)]) }
    }

    /// pg-raw-ping URL COUNT INTERVAL-MS: `NOTIFY` with the wall-clock time, on a bare connection.
    static func rawPing(_ url: String, count: Int, interval: Int) async throws {
        let connection = try await connect(url)
        for _ in 0..<count {
            let now = "\(wallClockNanoseconds())"
            try await connection.query("SELECT pg_notify('raw_bench', \(now))", logger: logger)
            try await Task.sleep(for: .milliseconds(interval))
        }
        try await connection.close()
    }

    /// pg-raw-pong URL COUNT: `LISTEN` on a bare connection; prints "ready", then one delay per notification.
    static func rawPong(_ url: String, count: Int) async throws {
        let connection = try await connect(url)
        var delays: [Int] = []
        try await connection.listen(on: "raw_bench") { notifications in
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            for try await notification in notifications {
                delays.append((wallClockNanoseconds() - (Int(notification.payload) ?? 0)) / 1000)
                if delays.count == count { break }
            }
        }
        print(delays.map(String.init).joined(separator: "\n"))
        try await connection.close()
    }

    /// pg-raw-write URL PREFIX COUNT: one bare upsert per key, in a table shaped as the store's.
    static func rawWrite(_ url: String, prefix: String, count: Int) async throws {
        let connection = try await connect(url)
        // Concurrent writers race to create the table; the loser's error is the winner's table.
        _ = try? await connection.query(
            "CREATE TABLE IF NOT EXISTS raw_bench (suite text, key text, value jsonb, PRIMARY KEY (suite, key))",
            logger: logger)
        for index in 0..<count {
            let key = "\(prefix)-\(index)"
            let value = "{\"int\": \(index)}"
            try await connection.query(
                """
                INSERT INTO raw_bench (suite, key, value) VALUES ('bench', \(key), \(value)::jsonb)
                ON CONFLICT (suite, key) DO UPDATE SET value = EXCLUDED.value
                """, logger: logger)
        }
        try await connection.close()
    }

    /// How many keys the "bench" suite holds, through the store or in the bare table.
    static func count(_ url: String, raw: Bool) async throws -> Int {
        guard raw else { return try PostgresStore(url: url).suite("bench").primitiveValues().count }
        let connection = try await connect(url)
        var total = 0
        for try await count in try await connection.query("SELECT count(*) FROM raw_bench", logger: logger).decode(
            Int.self)
        {
            total = count
        }
        try await connection.query("DROP TABLE raw_bench", logger: logger)
        try await connection.close()
        return total
    }

    static func connect(_ url: String) async throws -> PostgresConnection {
        guard let components = URLComponents(string: url), let host = components.host else { fail("bad URL \(url)") }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: String(components.path.dropFirst()), tls: .disable)
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// Waits until `count` delays are in, or nothing has come for two seconds.
    private static func wait(for delays: borrowing Mutex<[Int]>, count: Int) {
        var last = (seen: 0, at: ContinuousClock.now)
        while ContinuousClock.now - last.at < .seconds(2) {
            let seen = delays.withLock { $0.count }
            if seen >= count { return }
            if seen != last.seen { last = (seen, .now) }
            usleep(1000)
        }
    }
}
