// The bare PostgresNIO processes the command line's benchmarks compare `prefs` with: each connects, does the least
// that `prefs read`, `prefs write` or a watch needs, and exits, in the same kind of binary as `prefs`.
import Foundation
import PostgresNIO
import PrefsKit
import PrefsPostgres

extension PostgresPeer {
    /// pg-fill URL SUITES KEYS: makes the store's tables and fills them with SUITES suites of KEYS keys (s0…, k0…),
    /// unless they already hold that many rows.
    static func fill(_ url: String, suites: Int, keys: Int) async throws {
        let table = try PostgresLocation(url).table
        try PostgresStore(url: url).suite("s0").commit(["k0": .string("value 0")])
        let connection = try await connect(url)
        var rows = 0
        for try await count in try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger
        ).decode(Int.self) {
            rows = count
        }
        if rows < suites * keys {
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO \(table) (suite, key, kind, value)
                        SELECT 's' || (i / \(keys)), 'k' || (i % \(keys)), 'string',
                            jsonb_build_object('string', 'value ' || i)
                        FROM generate_series(0, \(suites * keys - 1)) AS i ON CONFLICT DO NOTHING
                        """), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: "ANALYZE \(table)"), logger: logger)
        }
        try await connection.close()
    }

    /// pg-raw-read URL SUITE KEY: prints one stored value, read by one query on a new connection.
    static func rawRead(_ url: String, suite: String, key: String) async throws {
        let table = try PostgresLocation(url).table
        let connection = try await connect(url)
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(key)
        let query = PostgresQuery(
            unsafeSQL: "SELECT value::text FROM \(table) WHERE suite = $1 AND key = $2", binds: binds)
        for try await value in try await connection.query(query, logger: logger).decode(String.self) { print(value) }
        try await connection.close()
    }

    /// pg-raw-upsert URL SUITE KEY VALUE: stores one string value by one upsert on a new connection.
    static func rawUpsert(_ url: String, suite: String, key: String, value: String) async throws {
        let table = try PostgresLocation(url).table
        let connection = try await connect(url)
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(key)
        binds.append(value)
        let query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(table) (suite, key, kind, value) VALUES ($1, $2, 'string', jsonb_build_object('string', $3))
                ON CONFLICT (suite, key) DO UPDATE SET value = EXCLUDED.value
                """, binds: binds)
        try await connection.query(query, logger: logger)
        try await connection.close()
    }

    /// pg-raw-notify URL PAYLOAD: one `NOTIFY` on a new connection.
    static func rawNotify(_ url: String, payload: String) async throws {
        let connection = try await connect(url)
        try await connection.query("SELECT pg_notify('raw_cli', \(payload))", logger: logger)
        try await connection.close()
    }

    /// pg-raw-listen URL: prints each notification's payload on a line of its own, until killed.
    static func rawListen(_ url: String) async throws {
        let connection = try await connect(url)
        try await connection.listen(on: "raw_cli") { notifications in
            for try await notification in notifications {
                FileHandle.standardOutput.write(Data("\(notification.payload)\n".utf8))
            }
        }
    }
}
