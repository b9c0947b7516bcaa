import Foundation
import PrefsCore
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

@testable import PrefsFlatpak

/// An app granted dconf (`ca.desrt.dconf=talk`), in a private session whose dconf service starts on demand: its
/// settings are the user's dconf database's under the app's own schema, read and written by prefs and by `gsettings`
/// run as the app (its schemas, GSettings' dconf backend), each seeing the other's; the app's change is heard.
@Suite(.needs(.gsettings, .dconf, .dbusDaemon)) struct FlatpakDconfTests {
    static let name = "\(FlatpakSettingsTests.id)/\(FlatpakSettingsTests.id)"

    struct App {
        let session: GSettingsSession
        let fixture: FlatpakFixture
        let schemas: URL
        let environment: [String: String]

        init(grant: String = "talk") throws {
            session = try GSettingsSession()
            fixture = try FlatpakFixture()
            let deployment = try fixture.install(
                FlatpakSettingsTests.id, in: fixture.user,
                metadata: "\n[Session Bus Policy]\nca.desrt.dconf=\(grant)\n", schemas: [FlatpakSettingsTests.schema])
            schemas = deployment.appendingPathComponent("files/share/glib-2.0/schemas")
            environment = session.environment.merging(
                ["FLATPAK_USER_DIR": fixture.user.path, "FLATPAK_SYSTEM_DIR": fixture.system.path]) { $1 }
        }

        func store() -> FlatpakStore {
            FlatpakStore(environment: environment, journalDirectory: fixture.home.url.appendingPathComponent("journal"))
        }

        /// `gsettings` as the granted app runs it: its own schemas, GSettings' dconf backend, the session's dconf.
        @discardableResult
        func gsettings(_ arguments: String...) throws -> String {
            let result = try ChildProcess.run(
                "/usr/bin/gsettings", arguments,
                environment: environment.merging(["GSETTINGS_BACKEND": "dconf", "GSETTINGS_SCHEMA_DIR": schemas.path]) {
                    $1
                })
            #expect(result.status == 0, "gsettings \(arguments): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .newlines)
        }
    }

    @Test func eachSeesTheOthersWritesInTheUsersDconf() throws {
        let app = try App()
        try app.gsettings("set", FlatpakSettingsTests.id, "font-size", "20")
        try app.gsettings("set", FlatpakSettingsTests.id, "window", "(1024, 768)")
        // An alias, which gsettings refuses to write and GLib reads as its choice: written by dconf itself.
        let alias = try ChildProcess.run(
            "/usr/bin/dconf", ["write", "/org/example/Notes/clock", "'twelve'"], environment: app.environment)
        #expect(alias.status == 0, "\(alias.standardError)")
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "clock") == "'12h'")
        try app.gsettings("set", "org.example.Notes.Profile:/org/example/Notes/profiles/work/", "width", "7")
        let store = app.store()
        let work = "\(Self.name).Profile:/org/example/Notes/profiles/work/"
        #expect(try store.listSuites() == [Self.name, work])
        #expect(try store.suite(work).primitiveValues() == ["width": .int(7)])
        let suite = try store.suite(Self.name)
        #expect(suite.inDconf)
        #expect(suite.primitiveValue(forKey: "font-size") == .int(20))
        // A type PrefsKit holds only as text is shown as GLib prints it.
        #expect(suite.primitiveValue(forKey: "window") == .string("(1024, 768)"))
        #expect(suite.primitiveValue(forKey: "clock") == .string("12h"))
        try suite.commit(["font-size": .int(21), "title": .string("Mine"), "window": nil])
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "21")
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "title") == "'Mine'")
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "window") == "(800, 600)")
        let written = suite.history(key: nil, limit: nil).map(\.key)
        #expect(Set(written) == ["font-size", "title", "window"])
        // No keyfile is made for an app that keeps its settings in dconf.
        let keyfile = try #require(try store.apps().first).settingsFile(environment: app.environment)
        #expect(!FileManager.default.fileExists(atPath: keyfile.string))
        #expect(throws: FlatpakSettingsError.self) { try suite.commit(["font-size": .int(999)]) }
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "21")
    }

    @Test func theAppsOwnChangeIsHeard() throws {
        let app = try App()
        let store = app.store()
        try FlatpakSuiteTests.appsWriteIsHeard(by: store) {
            try app.gsettings("set", FlatpakSettingsTests.id, "font-size", "16")
        }
    }

    @Test func anOverrideThatRevokesTheGrantKeepsTheKeyfile() throws {
        let app = try App()
        try app.fixture.override(
            FlatpakSettingsTests.id, in: app.fixture.user, "[Session Bus Policy]\nca.desrt.dconf=none\n")
        let suite = try app.store().suite(Self.name)
        #expect(!suite.inDconf)
        try suite.commit(["font-size": .int(30)])
        let keyfile = try #require(try app.store().apps().first).settingsFile(environment: app.environment)
        #expect(FileManager.default.fileExists(atPath: keyfile.string))
        #expect(try app.gsettings("get", FlatpakSettingsTests.id, "font-size") == "12")
    }
}
