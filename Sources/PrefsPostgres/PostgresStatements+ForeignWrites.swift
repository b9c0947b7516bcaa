#if PostgreSQL
import PostgresNIO

extension PostgresStatements {
    /// The name of the function and trigger that journal another client's writes.
    var foreignWrites: String { "\(table)_foreign" }

    /// The transaction setting a write of this store's makes, so that the trigger leaves it to the write itself: set
    /// for the write's transaction alone (`set_config(…, true)`), and empty in every other session.
    static let ownWriteSetting = "prefs.writing"

    /// The function a write of this store's calls to mark its transaction (``ownWriteSetting``): a function of the
    /// table's, so that a table an earlier version made, which lacks it and the trigger, is brought up to date on the
    /// first write (`undefined_function`).
    var ownWrite: String { "\(table)_writing" }

    /// A trigger that journals and announces a change another client makes to the table (`psql`, an administrator's
    /// script), as this store journals and announces its own: one history row per key, its old and new values
    /// (secret keys masked), the client's `application_name` as the writer's process and its address as its host,
    /// and a notice naming the keys, which every listener reads back from the table.
    ///
    /// A write of this store's marks its transaction (``ownWriteSetting``) before it changes a row, and records
    /// itself; the trigger's `WHEN` reads the mark as each row changes, so the store's writes never call the function
    /// (whose first call in a connection, compiling it, cost a command line write 4–7 %). So history never ends at a
    /// value the table no longer holds, whoever changed it.
    var foreignWriteTrigger: [PostgresQuery] {
        [
            """
            CREATE OR REPLACE FUNCTION \(ownWrite)() RETURNS boolean LANGUAGE sql VOLATILE AS
            $body$ SELECT set_config('\(Self.ownWriteSetting)', 'on', true) = 'on' $body$
            """,
            """
            CREATE OR REPLACE FUNCTION \(foreignWrites)() RETURNS trigger LANGUAGE plpgsql AS $body$
            DECLARE
                secret text[];
                client text := nullif(current_setting('application_name', true), '');
                address text := host(inet_client_addr());

            BEGIN
                IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR (OLD.suite, OLD.key) <> (NEW.suite, NEW.key)) THEN
                    SELECT coalesce(secret_keys, '{}') INTO secret FROM \(schemas) WHERE suite = OLD.suite;
                    INSERT INTO \(history) (suite, key, old, new, writer_host, writer_process)
                    VALUES (OLD.suite, OLD.key,
                        CASE WHEN OLD.key = ANY(coalesce(secret, '{}')) THEN \(Self.secretMarker) ELSE OLD.value END,
                        NULL, address, client);
                    PERFORM \(foreignWrites)_notice(OLD.suite, OLD.key, address, client);
                END IF;
                IF TG_OP <> 'DELETE' THEN
                    IF TG_OP = 'UPDATE' AND (OLD.suite, OLD.key) = (NEW.suite, NEW.key)
                        AND OLD.value IS NOT DISTINCT FROM NEW.value THEN
                        RETURN NULL;
                    END IF;
                    SELECT coalesce(secret_keys, '{}') INTO secret FROM \(schemas) WHERE suite = NEW.suite;
                    INSERT INTO \(history) (suite, key, old, new, writer_host, writer_process)
                    VALUES (NEW.suite, NEW.key,
                        CASE WHEN TG_OP = 'INSERT' OR (OLD.suite, OLD.key) <> (NEW.suite, NEW.key) THEN NULL
                            WHEN NEW.key = ANY(coalesce(secret, '{}')) THEN \(Self.secretMarker) ELSE OLD.value END,
                        CASE WHEN NEW.key = ANY(coalesce(secret, '{}')) THEN \(Self.secretMarker) ELSE NEW.value END,
                        address, client);
                    PERFORM \(foreignWrites)_notice(NEW.suite, NEW.key, address, client);
                END IF;
                RETURN NULL;
            END
            $body$
            """,
            """
            CREATE OR REPLACE FUNCTION \(foreignWrites)_notice(suite text, key text, address text, client text)
            RETURNS void LANGUAGE plpgsql AS $body$
            DECLARE
                notice text := json_build_object('suite', suite, 'keys', json_build_array(key), 'all', false,
                    'instance', '', 'sequence', 0, 'host', address, 'process', client,
                    'time', floor(extract(epoch FROM clock_timestamp()) * 1000))::text;
            BEGIN
                -- A notice holds at most 8000 bytes: a key too long to name is announced as the whole suite's.
                IF octet_length(notice) > \(ChangeNotice.payloadLimit) THEN
                    notice := json_build_object('suite', suite, 'keys', json_build_array(), 'all', true,
                        'instance', '', 'sequence', 0, 'host', address, 'process', client,
                        'time', floor(extract(epoch FROM clock_timestamp()) * 1000))::text;
                END IF;
                PERFORM pg_notify('\(channel)', notice);
            END
            $body$
            """,
            // Made only where missing, so that two clients bringing the table up to date at once both succeed (the
            // loser's second try finds it).
            """
            DO $body$ BEGIN
                IF NOT EXISTS (
                    SELECT 1 FROM pg_trigger WHERE tgname = '\(foreignWrites)' AND tgrelid = '\(table)'::regclass
                ) THEN
                    CREATE TRIGGER \(foreignWrites) AFTER INSERT OR UPDATE OR DELETE ON \(table)
                    FOR EACH ROW WHEN (coalesce(current_setting('\(Self.ownWriteSetting)', true), '') = '')
                    EXECUTE FUNCTION \(foreignWrites)();
                END IF;
            END $body$
            """,
        ].map { PostgresQuery(unsafeSQL: $0) }
    }
}
#endif
