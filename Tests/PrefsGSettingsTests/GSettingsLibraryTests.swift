import Foundation
import PrefsGSettings
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Runs the in-process GSettings tests (the suites named `GSettingsInSession…`) in a child test process inside a
/// private session.
///
/// GIO reads the session bus's address, the schema folders and the user's configuration folder once per process, so
/// these tests cannot share the runner with tests of other stores: the runner starts itself again, filtered to them,
/// with the session's environment.
@Suite(.needs(.gsettings, .dconf, .dbusDaemon), .threadOfItsOwn) struct GSettingsLibraryTests {
    @Test func theStorePassesItsInProcessTestsInAPrivateSession() throws {
        let session = try GSettingsSession()
        try ChildTestRun.expectPassing(
            "GSettingsInSession", environment: session.environment.merging([GSettingsChild.marker: "1"]) { $1 })
    }
}

/// Whether this process is the child ``GSettingsLibraryTests`` started in a private session, and what its tests share.
enum GSettingsChild {
    static let marker = "PREFS_GSETTINGS_IN_SESSION"
    static var isChild: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    /// Resets every key under a dconf path with dconf's own tool, so that each test starts from defaults.
    static func reset(_ path: String) throws {
        let result = try ChildProcess.run("/usr/bin/dconf", ["reset", "-f", path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// What dconf's own `dconf` prints in the child's session, without its line break.
    @discardableResult
    static func dconf(_ arguments: String...) throws -> String {
        let result = try ChildProcess.run("/usr/bin/dconf", arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    /// What GLib's `gsettings` prints in the child's session, without its line break.
    @discardableResult
    static func gsettings(_ arguments: String...) throws -> String {
        let result = try ChildProcess.run("/usr/bin/gsettings", arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .newlines)
    }
}

/// The tests the child runs in its private session, one at a time: each starts from a user database reset.
@Suite(
    .needs(.gsettings, .dconf, .dbusDaemon),
    .threadOfItsOwn,
    .enabled(
        if: GSettingsChild.isChild,
        "runs in the child process GSettingsLibraryTests starts in a private D-Bus session"),
    .serialized) enum GSettingsInSession
{}

extension GSettingsInSession {
    /// The typed API and observers on the test schema, in process.
    @Suite struct StoreTests {
        @Test func anotherProgramsChangeReachesObserversAsAnotherPrograms() async throws {
            try GSettingsChild.reset("/")
            let journal = try TemporaryDirectory()
            let store = GSettingsStore(journalDirectory: journal.url)
            let suite = try store.suite("org.prefs.test")
            let recorder = ChangeRecorder()
            let observation = suite.changeNotifier.addObserver { recorder.record($0) }
            defer { observation.cancel() }
            let running = Task { try await store.run() }
            defer { running.cancel() }
            // gsettings itself, another process: its change comes through GIO's signal on the main loop's thread. The
            // store's monitor of the bus starts with run(), which this process's main loop may precede: write until a
            // change arrives named.
            var attempt = 0
            let named = { (change: PersistentKeyValueChange) in change.writer?.processName == "gsettings" }
            while !recorder.all.contains(where: named), attempt < 200 {
                attempt += 1
                _ = try ChildProcess.run("/usr/bin/gsettings", ["set", "org.prefs.test", "volume", "\(attempt)"])
                _ = eventually(timeout: .milliseconds(200)) { recorder.all.contains(where: named) }
            }
            let change = try #require(recorder.all.last(where: named))
            #expect(change.key == "volume")
            #expect(change.origin == .otherProcess)
            // Named by the monitor of the session bus: the process that called dconf's Change.
            #expect(
                change.writer?.processName == "gsettings" && change.writer?.pid != nil,
                "\(String(describing: change.writer))")
            #expect(suite.primitiveValue(forKey: "volume") == change.newValue)
        }

        @Test func aTransactionIsOneDconfChangeAndJournaled() throws {
            try GSettingsChild.reset("/")
            let journal = try TemporaryDirectory()
            let suite = try GSettingsStore(journalDirectory: journal.url).suite("org.prefs.test")
            let applied = try suite.commit(["volume": .int(7), "name": .string("ada"), "enabled": .bool(true)])
            // `enabled` already held true (its default) but was not set by a user: setting it is a change.
            #expect(Set(applied.map(\.key)) == ["volume", "name", "enabled"])
            #expect(try GSettingsChild.gsettings("get", "org.prefs.test", "name") == "'ada'")
            let history = suite.history(key: nil, limit: nil)
            #expect(Set(history.map(\.key)) == ["volume", "name", "enabled"])
            #expect(Set(history.compactMap(\.writer?.write)).count == 1)
            #expect(throws: GSettingsStoreError.self) { try suite.commit(["volume": .int(500)]) }
            #expect(suite.primitiveValue(forKey: "volume") == .int(7))
            #expect(suite.readOnlyReason(forKey: "locked-key") != nil)
            #expect(suite.readOnlyReason(forKey: "volume") == nil)
        }

        @Test func dconfSystemDatabasesAndLocksAreSystemLayersAndLocks() throws {
            try GSettingsChild.reset("/")
            let suite = try GSettingsStore(journalDirectory: try TemporaryDirectory().url).suite("org.prefs.layers")
            let layers = suite.systemLayers
            // The profile's system database sets greeting and pinned, and locks pinned; free is the schema's.
            #expect(layers.layers.first?.values == ["greeting": .string("from the system"), "pinned": .int(7)])
            #expect(layers.locks.keys.keys.sorted() == ["pinned"])
            #expect(
                suite.inspect(PersistentKey<String>("greeting", defaultValue: "")).source
                    == .system(
                        layers.layers.first?.source ?? ""))
            #expect(suite.get(PersistentKey<Int>("pinned", defaultValue: 0)) == 7)
            #expect(suite.inspect(PersistentKey<Int>("pinned", defaultValue: 0)).source.description.hasPrefix("locked"))
            #expect(suite.inspect(PersistentKey<Bool>("free", defaultValue: true)).source == .default)
            let error = #expect(throws: PersistentKeyValueStoreError.self) {
                try suite.setPrimitiveValue(.int(3), forKey: "pinned")
            }
            #expect(error?.reason == .locked)
            #expect(try GSettingsChild.gsettings("get", "org.prefs.layers", "pinned") == "7")
            try suite.setPrimitiveValue(.string("mine"), forKey: "greeting")
            #expect(suite.get(PersistentKey<String>("greeting", defaultValue: "")) == "mine")
            try suite.setPrimitiveValue(nil, forKey: "greeting")
            #expect(
                suite.get(PersistentKey<String>("greeting", defaultValue: "")) == "from the system",
                "a reset falls back to the system database, as gsettings reset does")
        }

        @Test func theSchemaCarriesTheKeysDocumentationChoicesAndRange() throws {
            let store = GSettingsStore(journalDirectory: try TemporaryDirectory().url)
            let schema = try #require(try store.schemaSource.schema(for: "org.prefs.test"))
            let clock = try #require(schema["clock-format"])
            #expect(clock.kind == .enum)
            #expect(clock.choices == [.string("12h"), .string("24h")])
            #expect(clock.summary == "Clock format")
            #expect(schema["volume"]?.range == .integer(0...100))
            #expect(schema["volume"]?.description == "How loud, in percent.\n\nZero is silent.")
            #expect(schema["position"]?.typeName == "GVariant text (ii)")
            #expect(schema["features"]?.description?.contains("Flags: spell, grammar, autosave.") == true)
            // The system database's default, as gsettings reads it.
            #expect(schema["locked-key"]?.defaultValue == .string("set by the system"))
            #expect(try store.schemaSource.schemaSuites().contains("org.gnome.desktop.interface"))
        }
    }
}
