import Foundation
import PrefsKit
import PrefsStores
import PrefsStoresPostgres
import PrefsTestSupport
import PrefsTools
import Testing

/// What `--config-dir`, `--store` and `PREFS_STORE` open, and the demo's copied configuration.
@Suite struct StoreResolverTests {
    @Test func aConfigurationDirectoryIsOpenedOnlyByAWriteWhenItDoesNotExist() throws {
        let scope = try TemporaryDirectory(prefix: "prefs-stores")
        let directory = scope.url.appendingPathComponent("a/../config")
        let resolved = StoreResolver.configDirectory(directory.path)
        #expect(resolved.path == scope.url.appendingPathComponent("config").standardizedFileURL.path)
        let context = StoreResolver.context(configDirectory: resolved, environment: [:])
        #expect(context.locationDescription == resolved.path)
        #expect(try context.store(creating: false) == nil, "reading creates nothing")
        #expect(!FileManager.default.fileExists(atPath: resolved.path))
        let store = try context.store()
        #expect(FileManager.default.fileExists(atPath: resolved.path))
        #expect(try context.store(creating: false) === store, "one store a context")
    }

    @Test func aStoreURLOrPrefsStoreNamesPostgreSQLWithoutItsPassword() throws {
        PostgresStores.install()
        let directory = URL(fileURLWithPath: "/nonexistent-prefs-config")
        let url = "postgres://user:hunter2@127.0.0.1:1/db?table=t"
        let named = StoreResolver.context(configDirectory: directory, storeURL: url, environment: [:])
        #expect(named.locationDescription.hasPrefix("postgres://user@127.0.0.1:1/db"))
        #expect(!named.locationDescription.contains("hunter2"))
        let fromEnvironment = StoreResolver.context(configDirectory: directory, environment: ["PREFS_STORE": url])
        #expect(fromEnvironment.locationDescription == named.locationDescription)
        // An empty PREFS_STORE is no store: the directory is used.
        let empty = StoreResolver.context(configDirectory: directory, environment: ["PREFS_STORE": ""])
        #expect(empty.locationDescription == directory.path)
        // Nothing listens on port 1: a command's store connects when opened, and the error names the server.
        #expect {
            try named.store()
        } throws: { error in
            "\(error)".hasPrefix("cannot reach the PostgreSQL store at postgres://user@127.0.0.1:1/db")
        }
    }

    @Test func theDemoCopiesItsSuitesAndSchemasAndRemovesThem() throws {
        let demo = try DemoFiles(copying: try DemoFiles.assets())
        let context = demo.context
        let suites = try context.suiteNames()
        #expect(suites.contains("notes"), "\(suites)")
        #expect(try context.schemas().schemaSuites().isEmpty == false)
        demo.remove()
        #expect(!FileManager.default.fileExists(atPath: demo.root.path))
    }

    @Test func stateFilesLiveUnderXDGStateHome() {
        let file = StoreResolver.stateFile("bookmarks.json", environment: ["XDG_STATE_HOME": "/tmp/state-x"])
        #expect(file.path == "/tmp/state-x/prefs/bookmarks.json")
        let home = StoreResolver.stateFile("recovery", environment: ["HOME": "/home/someone"])
        #expect(home.path == "/home/someone/.local/state/prefs/recovery")
    }
}
