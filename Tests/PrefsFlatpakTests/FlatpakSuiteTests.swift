import Foundation
import PrefsCore
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

@testable import PrefsFlatpak

/// An app's schema as a suite (`APPID/SCHEMA`): written through the kit's journaled write, read back by `gsettings`
/// run as the app, with its history; the app's own change told with its old value.
@Suite(.needs(.gsettings)) struct FlatpakSuiteTests {
    typealias App = FlatpakSettingsTests.App
    static let name = "\(FlatpakSettingsTests.id)/\(FlatpakSettingsTests.id)"

    func store(_ app: App) throws -> FlatpakStore {
        FlatpakStore(
            environment: app.fixture.environment,
            journalDirectory: app.fixture.home.url.appendingPathComponent("journal"))
    }

    @Test func writesAreJournaledAndTheAppReadsThem() throws {
        let app = try App()
        let suite = try store(app).suite(Self.name)
        let applied = try suite.commit(["font-size": .int(30), "tags": .array([.string("x")])])
        #expect(applied.map(\.key) == ["font-size", "tags"])
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "30")
        #expect(suite.primitiveValue(forKey: "font-size") == .int(30))
        #expect(suite.history(key: "font-size").map(\.newValue) == [.int(30)])
        // A write of what a key holds is none.
        #expect(try suite.commit(["font-size": .int(30)]).isEmpty)
        #expect(suite.history().count == 2)

        #expect {
            try suite.commit(["font-size": .int(40)], expecting: ["font-size": .int(12)])
        } throws: { error in
            "\(error)".contains("font-size")
        }
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "30")
        #expect(throws: FlatpakSettingsError.self) { try suite.commit(["font-size": .int(500)]) }
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "30")
    }

    @Test func theAppsOwnChangeIsToldWithItsOldValue() throws {
        let app = try App()
        let store = try store(app)
        let suite = try store.suite(Self.name)
        try suite.commit(["title": .string("Mine")])
        let heard = Mutex<[PersistentKeyValueChange]>([])
        let observation = store.changeNotifier.addObserver({ changes in heard.withLock { $0 += changes } })
        try app.gsettings("set", FlatpakSettingsTests.id, "title", "'Theirs'")
        suite.refresh()
        withExtendedLifetime(observation) {
            let changes = heard.withLock { $0 }
            #expect(changes.map(\.key) == ["title"])
            #expect(changes.first?.oldValue == .string("Mine"))
            #expect(changes.first?.newValue == .string("Theirs"))
            #expect(changes.first?.origin != .thisProcess)
        }
    }

    @Test func aNameOfNoInstalledAppsSchemaIsRefused() throws {
        let app = try App()
        let store = try store(app)
        #expect(throws: FlatpakSettingsError.noApp("org.example.Gone/org.example.Gone")) {
            try store.suite("org.example.Gone/org.example.Gone")
        }
        #expect(throws: FlatpakSettingsError.noApp("nonsense")) { try store.suite("nonsense") }
        #expect(throws: FlatpakSettingsError.noSchema(app: FlatpakSettingsTests.id, schema: "org.example.Other")) {
            try store.suite("\(FlatpakSettingsTests.id)/org.example.Other")
        }
    }
}

extension FlatpakSuiteTests {
    /// While the store watches, the app's own write (GLib replaces its keyfile) is heard, with its old value.
    @Test func theAppsOwnWriteIsHeardWhileTheStoreWatches() throws {
        let app = try App()
        let store = try store(app)
        try Self.appsWriteIsHeard(by: store) { try app.gsettings("set", FlatpakSettingsTests.id, "font-size", "16") }
    }

    /// Writes 14 through prefs, watches the store, and expects the app's write of 16 told with 14 as its old value.
    static func appsWriteIsHeard(by store: FlatpakStore, _ appWrites: () throws -> Void) throws {
        let suite = try store.suite(Self.name)
        try suite.commit(["font-size": .int(14)])
        let heard = Mutex<[PersistentKeyValueChange]>([])
        let observation = store.changeNotifier.addObserver({ changes in heard.withLock { $0 += changes } })
        let watch = try store.startWatching()
        try appWrites()
        #expect(eventually { !heard.withLock { $0.isEmpty } })
        withExtendedLifetime((observation, watch)) {
            let changes = heard.withLock { $0 }
            #expect(changes.map(\.key) == ["font-size"])
            #expect(changes.first?.oldValue == .int(14))
            #expect(changes.first?.newValue == .int(16))
        }
    }

    @Test func aRelocatableSchemasInstancesAreSuitesOfTheirPaths() throws {
        let app = try App()
        let profile = "org.example.Notes.Profile"
        try app.gsettings("set", "\(profile):/org/example/Notes/profiles/work/", "color", "'red'")
        // A group no schema of the app declares every key of stays unpaired.
        try app.gsettings("set", FlatpakSettingsTests.id, "font-size", "14")
        var text = try String(contentsOf: app.keyfile, encoding: .utf8)
        text += "\n[org/example/Notes/profiles/odd]\ncolor='blue'\nshape='round'\n"
        try Data(text.utf8).write(to: app.keyfile)
        let store = try store(app)
        let work = "\(Self.name).Profile:/org/example/Notes/profiles/work/"
        #expect(try store.listSuites() == [Self.name, work])
        #expect(try store.schemaSource.schemaSuites() == [Self.name, work])
        let suite = try store.suite(work)
        #expect(suite.primitiveValues() == ["color": .string("red")])
        let home = try store.suite("\(Self.name).Profile:/org/example/Notes/profiles/home/")
        try home.commit(["width": .int(3)])
        #expect(try app.gsettings("get", "\(profile):/org/example/Notes/profiles/home/", "width") == "3")
        #expect(try store.schemaSource.schema(for: work)?.entries.map(\.id) == ["color", "width"])
        #expect(
            store.nativeCommands?.setting(.int(4), forKey: "width", inSuite: work) == [
                "flatpak", "run", "--command=gsettings", FlatpakSettingsTests.id, "set",
                "\(profile):/org/example/Notes/profiles/work/", "width", "4",
            ])
        for name in [
            "\(Self.name).Profile", "\(Self.name):/org/example/Notes/", "\(Self.name).Profile:/a//b/",
            "\(Self.name).Profile:a/",
        ] {
            #expect(throws: FlatpakSettingsError.self, "\(name)") { try store.suite(name) }
        }
    }

    /// The running app sees prefs' write at once: `gsettings monitor` run as the app (GLib's keyfile backend watching
    /// the keyfile, as the app's own GSettings does) prints each value prefs writes.
    @Test func theRunningAppHearsPrefsWrites() throws {
        let app = try App()
        let store = try store(app)
        let suite = try store.suite(Self.name)
        try suite.commit(["font-size": .int(10)])
        let monitor = try RunningChild(
            "/usr/bin/gsettings", ["monitor", FlatpakSettingsTests.id, "font-size"],
            environment: [
                "GSETTINGS_BACKEND": "keyfile", "HOME": app.fixture.home.url.path,
                "XDG_CONFIG_HOME": app.fixture.home.url.appendingPathComponent(
                    ".var/app/\(FlatpakSettingsTests.id)/config"
                )
                .path,
                "GSETTINGS_SCHEMA_DIR": app.app.schemaFolder.string,
            ])
        defer { monitor.kill() }
        // The monitor says nothing when it starts watching: write until it hears one.
        var size = 10
        while !monitor.output.contains("font-size: \(size)"), size < 60 {
            size += 1
            try suite.commit(["font-size": .int(size)])
            monitor.waitForLine(timeout: .milliseconds(200)) { $0 == "font-size: \(size)" }
        }
        #expect(monitor.output.contains("font-size: \(size)"), "\(monitor.output)")
        try suite.commit(["font-size": .int(61)])
        #expect(monitor.waitForLine { $0 == "font-size: 61" }, "\(monitor.output)")
    }
}
