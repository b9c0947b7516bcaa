#if PostgreSQL
import PostgresNIO

/// The SQL the store runs, for one table and the two beside it.
///
/// - `<table>`: one row per key of a suite: its value in the plist-compatible primitive form, JSON-encoded with its
///   type (`{"int": 3}`, as ``PrefsCore/PropertyListValue`` encodes itself), the value's kind, and who wrote it last.
/// - `<table>_history`: one row per change, written by the same statement as the change, with the old and new values
///   and the writer; bounded per suite (``historyLimit``).
/// - `<table>_schemas`: one manifest per suite, so that every machine sees the same schemas.
struct PostgresStatements: Sendable {
    let table: String
    let channel: String

    /// The changes kept per suite: the newest ones, and beyond them the newest of every key.
    static let historyLimit = 2_000
    /// How often, in history rows, a write trims its suite's history: trimming reads the suite's newest rows, so it
    /// is done once in a while rather than at every write.
    static let trimInterval = 64

    var history: String { "\(table)_history" }
    var schemas: String { "\(table)_schemas" }
    /// The channel a schema's install or removal is announced on, with the suite's name: how a running editor
    /// learns of a schema another machine installed.
    var schemaChannel: String { "\(table)_schemas" }

    /// Whether the three tables exist: one round trip, where creating them would take several.
    var tablesExist: PostgresQuery {
        var binds = PostgresBindings()
        binds.append(table)
        binds.append(history)
        binds.append(schemas)
        return PostgresQuery(
            unsafeSQL: """
                SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AND to_regclass($3) IS NOT NULL
                """, binds: binds)
    }

    var createTables: [PostgresQuery] {
        [
            """
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
            """,
            """
            CREATE TABLE IF NOT EXISTS \(history) (
                id bigserial PRIMARY KEY,
                suite text NOT NULL,
                key text NOT NULL,
                old jsonb,
                new jsonb,
                writer_host text,
                writer_pid integer,
                writer_process text,
                written_at timestamptz NOT NULL DEFAULT now(),
                reverts text
            )
            """,
            "CREATE INDEX IF NOT EXISTS \(history)_suite ON \(history) (suite, id)",
            "CREATE INDEX IF NOT EXISTS \(history)_suite_key ON \(history) (suite, key, id)",
            """
            CREATE TABLE IF NOT EXISTS \(schemas) (
                suite text PRIMARY KEY,
                manifest text NOT NULL,
                installed_at timestamptz NOT NULL DEFAULT now(),
                installed_by text,
                secret_keys text[]
            )
            """,
        ].map { PostgresQuery(unsafeSQL: $0) } + foreignWriteTrigger
    }

    // MARK: - Values

    var selectAll: PostgresQuery {
        PostgresQuery(
            unsafeSQL: """
                SELECT suite, key, value::text, writer_host, writer_pid, writer_process, written_at FROM \(table)
                """)
    }

    func selectSuites(_ suites: [String]) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suites)
        return PostgresQuery(
            unsafeSQL: """
                SELECT suite, key, value::text, writer_host, writer_pid, writer_process, written_at FROM \(table)
                WHERE suite = ANY($1::text[])
                """, binds: binds)
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

    func suiteExists(_ suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        return PostgresQuery(unsafeSQL: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE suite = $1)", binds: binds)
    }

    /// The distinct suites, by walking the primary key's index from one suite to the next: a few reads per suite,
    /// where `SELECT DISTINCT` would read every row.
    var selectSuiteNames: PostgresQuery {
        PostgresQuery(
            unsafeSQL: """
                WITH RECURSIVE names AS (
                    (SELECT suite FROM \(table) ORDER BY suite LIMIT 1)
                    UNION ALL
                    SELECT (SELECT suite FROM \(table) WHERE suite > names.suite ORDER BY suite LIMIT 1)
                    FROM names WHERE names.suite IS NOT NULL
                )
                SELECT suite FROM names WHERE suite IS NOT NULL
                """)
    }

    // MARK: - Writing

    /// What the history holds for both values of a change to a key the suite's schema marks secret.
    ///
    /// The fact of the change and its writer are kept, the values never. It is no tagged value, so it cannot be
    /// mistaken for one.
    static let secretMarker = "'{\"secret\": true}'::jsonb"

    /// One statement that stores and removes keys, records the changes in the history, and announces them: a
    /// statement is a transaction, and a notice goes out only when it commits.
    ///
    /// The old values are read with `FOR UPDATE`, so that a concurrent writer's change is waited for and recorded as
    /// what this write replaced. A key that already holds the value given is left as it is, with its writer, and
    /// goes neither into the history nor into the notice's count: a write that changes nothing announces nothing.
    /// A key the suite's installed schema marks secret (`secret_keys`) goes into the history as ``secretMarker``.
    /// The statement is kept lean because every command line process runs it on a fresh connection, whose server
    /// process plans it from cold caches: trimming the history is a statement of its own (``trimHistory(suite:)``).
    ///
    /// The statement returns one row: whether it announced the write (1 or 0), the newest history id it wrote (0
    /// when none), and the keys it changed, sorted, with the value each held before as tagged JSON (empty for a key
    /// that was not stored), and the write's identifier: its transaction's id as the history rows' `xmin` holds it.
    ///
    /// - Parameters:
    ///   - keys: The keys written or removed.
    ///   - kinds: Each key's value kind; empty for a removal.
    ///   - values: Each key's value as tagged JSON; empty for a removal.
    ///   - suite: Their suite.
    ///   - notice: What to announce.
    ///   - reverts: The write this one reverts (its `xmin`), for an undo or a redo.
    /// - Returns: The statement, its values bound as parameters.
    func write(
        keys: [String], kinds: [String], values: [String], suite: String, notice: ChangeNotice, reverts: String?
    ) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(keys)
        binds.append(kinds)
        binds.append(values)
        binds.append(suite)
        binds.append(notice.host)
        binds.append(notice.pid)
        binds.append(notice.process)
        binds.append(channel)
        binds.append(notice.json)
        binds.append(reverts)
        return PostgresQuery(
            unsafeSQL: """
                WITH input AS (
                    SELECT key, kind, NULLIF(value, '')::jsonb AS value
                    FROM unnest($1::text[], $2::text[], $3::text[]) AS x(key, kind, value)
                    WHERE \(ownWrite)()
                ), old AS (
                    SELECT key, value FROM \(table) WHERE suite = $4 AND key = ANY($1::text[]) FOR UPDATE
                ), stored AS (
                    INSERT INTO \(table) AS t (suite, key, kind, value, writer_host, writer_pid, writer_process, written_at)
                    SELECT $4, key, kind, value, $5, $6, $7, now() FROM input WHERE value IS NOT NULL
                    ON CONFLICT (suite, key) DO UPDATE SET kind = EXCLUDED.kind, value = EXCLUDED.value,
                        writer_host = EXCLUDED.writer_host, writer_pid = EXCLUDED.writer_pid,
                        writer_process = EXCLUDED.writer_process, written_at = EXCLUDED.written_at
                    WHERE t.value IS DISTINCT FROM EXCLUDED.value
                    RETURNING 1
                ), removed AS (
                    DELETE FROM \(table) WHERE suite = $4 AND key IN (SELECT key FROM input WHERE value IS NULL)
                    RETURNING 1
                ), secret AS (
                    SELECT coalesce((SELECT secret_keys FROM \(schemas) WHERE suite = $4), '{}') AS keys
                ), logged AS (
                    INSERT INTO \(history) (suite, key, old, new, writer_host, writer_pid, writer_process, written_at,
                        reverts)
                    SELECT $4, input.key,
                        CASE WHEN input.key = ANY(secret.keys) THEN \(Self.secretMarker) ELSE old.value END,
                        CASE WHEN input.key = ANY(secret.keys) THEN \(Self.secretMarker) ELSE input.value END,
                        $5, $6, $7, now(), $10
                    FROM input LEFT JOIN old USING (key) CROSS JOIN secret
                    WHERE old.value IS DISTINCT FROM input.value
                    ORDER BY input.key
                    RETURNING id, key
                ), notified AS (
                    SELECT pg_notify($8, $9) WHERE EXISTS (SELECT 1 FROM logged)
                )
                SELECT (SELECT count(*) FROM notified), coalesce((SELECT max(id) FROM logged), 0),
                    ARRAY(SELECT key FROM logged ORDER BY key),
                    ARRAY(SELECT coalesce(old.value::text, '') FROM logged LEFT JOIN old USING (key) ORDER BY key),
                    (txid_current() % 4294967296)::text
                """,
            binds: binds)
    }

    /// Whether a write whose history rows end at `newestID`, `count` of them, should trim its suite's history: once
    /// every ``trimInterval`` ids, whichever write crosses the boundary.
    static func shouldTrim(newestID: Int, count: Int) -> Bool {
        count > 0 && newestID / trimInterval != (newestID - count) / trimInterval
    }

    /// Removes a suite's history rows beyond the newest ``historyLimit``, keeping every key's newest change.
    ///
    /// The bound comes from the `(suite, id)` index, and a row goes when a newer row of its key exists, which the
    /// `(suite, key, id)` index answers: linear in the rows at any size. `id NOT IN (SELECT max(id) … GROUP BY key)`
    /// turned into a nested loop once its list outgrew `work_mem`, and ran for minutes at 200,000 keys.
    func trimHistory(suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(Self.historyLimit)
        return PostgresQuery(
            unsafeSQL: """
                DELETE FROM \(history) AS old WHERE old.suite = $1
                AND old.id <= (SELECT id FROM \(history) WHERE suite = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)
                AND EXISTS (
                    SELECT 1 FROM \(history) AS newer
                    WHERE newer.suite = $1 AND newer.key = old.key AND newer.id > old.id
                )
                """, binds: binds)
    }

    /// The server process, other than this one, holding a lock on the store's tables that keeps others from reading
    /// or writing them (`LOCK TABLE`, a schema change), rather than the light locks every reader and writer takes.
    var lockHolder: PostgresQuery {
        var binds = PostgresBindings()
        binds.append(table)
        binds.append(history)
        return PostgresQuery(
            unsafeSQL: """
                SELECT pid FROM pg_locks WHERE granted AND pid <> pg_backend_pid()
                AND relation IN (to_regclass($1), to_regclass($2))
                AND mode IN ('AccessExclusiveLock', 'ExclusiveLock', 'ShareRowExclusiveLock', 'ShareLock')
                ORDER BY pid LIMIT 1
                """, binds: binds)
    }

    /// Brings tables an earlier version created up to date; each statement does nothing when they are.
    var upgradeTables: [PostgresQuery] {
        [
            PostgresQuery(unsafeSQL: "ALTER TABLE \(history) ADD COLUMN IF NOT EXISTS reverts text"),
            PostgresQuery(unsafeSQL: "ALTER TABLE \(schemas) ADD COLUMN IF NOT EXISTS secret_keys text[]"),
            PostgresQuery(unsafeSQL: "CREATE INDEX IF NOT EXISTS \(history)_suite_key ON \(history) (suite, key, id)"),
        ] + foreignWriteTrigger
    }

    // MARK: - History

    /// A suite's newest changes, newest first.
    ///
    /// `xmin`, the id of the transaction that inserted a row, identifies the write: history rows are never updated,
    /// and every row of one write is inserted by its one statement.
    func selectHistory(suite: String, key: String?, limit: Int?) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(key)
        binds.append(limit ?? Int(Int32.max))
        return PostgresQuery(
            unsafeSQL: """
                SELECT key, old::text, new::text, writer_host, writer_pid, writer_process, written_at, xmin::text,
                    reverts, coalesce(new = \(Self.secretMarker) OR old = \(Self.secretMarker), false)
                FROM \(history) WHERE suite = $1 AND ($2::text IS NULL OR key = $2)
                ORDER BY id DESC LIMIT $3
                """, binds: binds)
    }

    // MARK: - Schemas

    var selectSchemaSuites: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT suite FROM \(schemas) ORDER BY suite")
    }

    func selectSchema(_ suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        return PostgresQuery(unsafeSQL: "SELECT manifest FROM \(schemas) WHERE suite = $1", binds: binds)
    }

    /// Installs a suite's schema, with the keys it marks secret beside it for writes to read without parsing the
    /// manifest.
    ///
    /// History rows written before are left as they are: a row's `xmin` identifies its write, and an update would
    /// change it. `prefs log` masks them by the schema all the same.
    ///
    /// - Parameters:
    ///   - manifest: The schema's manifest.
    ///   - secretKeys: The keys it marks secret.
    ///   - suite: The suite.
    ///   - writer: Who installs it.
    /// - Returns: The statement, its values bound as parameters.
    func installSchema(_ manifest: String, secretKeys: [String], suite: String, by writer: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(manifest)
        binds.append(writer)
        binds.append(secretKeys)
        binds.append(schemaChannel)
        // Announced in the same statement: PostgreSQL delivers the notice when, and only if, the install commits.
        return PostgresQuery(
            unsafeSQL: """
                WITH installed AS (
                    INSERT INTO \(schemas) (suite, manifest, installed_at, installed_by, secret_keys)
                    VALUES ($1, $2, now(), $3, $4::text[])
                    ON CONFLICT (suite) DO UPDATE SET manifest = EXCLUDED.manifest,
                        installed_at = EXCLUDED.installed_at, installed_by = EXCLUDED.installed_by,
                        secret_keys = EXCLUDED.secret_keys
                    RETURNING suite)
                SELECT pg_notify($5, suite) FROM installed
                """, binds: binds)
    }

    func deleteSchema(_ suite: String) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(suite)
        binds.append(schemaChannel)
        // A row for each schema removed, and the removal announced with it.
        return PostgresQuery(
            unsafeSQL: """
                WITH removed AS (DELETE FROM \(schemas) WHERE suite = $1 RETURNING suite),
                    told AS (SELECT pg_notify($2, suite) FROM removed)
                SELECT 1 FROM removed CROSS JOIN told
                """, binds: binds)
    }
}
#endif
