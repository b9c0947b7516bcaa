import PostgresNIO

/// The SQL the store runs, for one table.
///
/// Each row holds one key of one suite: its value in the plist-compatible primitive form, JSON-encoded with its type
/// (`{"int": 3}`, as ``PrefsKit/PropertyListValue`` encodes itself), the value's kind, and who wrote it last.
struct PostgresStatements: Sendable {
    let table: String
    let channel: String

    var createTable: PostgresQuery {
        PostgresQuery(
            unsafeSQL: """
                CREATE TABLE IF NOT EXISTS \(table) (
                    suite text NOT NULL,
                    key text NOT NULL,
                    kind text NOT NULL,
                    value jsonb NOT NULL,
                    writer_host text,
                    writer_pid integer,
                    writer_process text,
                    written_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (suite, key)
                )
                """)
    }

    var selectAll: PostgresQuery {
        PostgresQuery(
            unsafeSQL: """
                SELECT suite, key, value::text, writer_host, writer_pid, writer_process, written_at FROM \(table)
                """)
    }

    func selectSuite(_ suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        return PostgresQuery(unsafeSQL: "SELECT key, value::text FROM \(table) WHERE suite = $1", binds: binds)
    }

    func selectKeys(_ keys: [String], of suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(keys)
        return PostgresQuery(
            unsafeSQL: "SELECT key, value::text FROM \(table) WHERE suite = $1 AND key = ANY($2::text[])", binds: binds)
    }

    /// One statement that stores and removes keys and announces it: a statement is a transaction, and a notice
    /// goes out only when it commits.
    ///
    /// - Parameters:
    ///   - rows: The keys to store, as a JSON array of `{"key", "kind", "value"}`.
    ///   - removed: The keys to remove.
    ///   - suite: Their suite.
    ///   - notice: What to announce.
    /// - Returns: The statement, its values bound as parameters.
    func write(rows: String, removed: [String], suite: String, notice: ChangeNotice) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(rows)
        binds.append(suite)
        binds.append(notice.host)
        binds.append(notice.pid)
        binds.append(notice.process)
        binds.append(removed)
        binds.append(channel)
        binds.append(notice.json)
        return PostgresQuery(
            unsafeSQL: """
                WITH input AS (
                    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS x(key text, kind text, value jsonb)
                ), stored AS (
                    INSERT INTO \(table) AS t (suite, key, kind, value, writer_host, writer_pid, writer_process, written_at)
                    SELECT $2, key, kind, value, $3, $4, $5, now() FROM input
                    ON CONFLICT (suite, key) DO UPDATE SET kind = EXCLUDED.kind, value = EXCLUDED.value,
                        writer_host = EXCLUDED.writer_host, writer_pid = EXCLUDED.writer_pid,
                        writer_process = EXCLUDED.writer_process, written_at = EXCLUDED.written_at
                    RETURNING 1
                ), removed AS (
                    DELETE FROM \(table) WHERE suite = $2 AND key = ANY($6::text[]) RETURNING 1
                )
                SELECT pg_notify($7, $8)
                """,
            binds: binds)
    }
}
