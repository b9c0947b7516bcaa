import Foundation
import PrefsTestHelpers
import Testing

@testable import PrefsFlatpak
@testable import PrefsSystem

/// The apps of the user's and the system's installations, found as flatpak finds them, and what each one's
/// deployment says: its schemas, its name, whether it may use dconf.
@Suite(.needs(.gsettings)) struct FlatpakInstallationTests {
    static let schema = """
        <schemalist>
          <schema id="org.example.Notes" path="/org/example/Notes/">
            <key name="font-size" type="i"><default>12</default></key>
          </schema>
        </schemalist>
        """

    @Test func appsAreFoundInBothInstallationsFollowingCurrentAndActive() throws {
        let fixture = try FlatpakFixture()
        let notes = try fixture.install(
            "org.example.Notes", in: fixture.user, schemas: [Self.schema], name: "Notes\\sand\\sLists")
        try fixture.install(
            "org.example.Talker", in: fixture.system, metadata: "\n[Session Bus Policy]\nca.desrt.dconf=talk\n")
        let installations = FlatpakInstallation.all(environment: fixture.environment)
        #expect(installations.map(\.kind) == [.user, .system])
        let user = try #require(try installations.first?.apps())
        let system = try #require(try installations.last?.apps())
        #expect(user.map(\.id) == ["org.example.Notes"])
        #expect(system.map(\.id) == ["org.example.Talker"])

        let app = try #require(user.first)
        #expect(app.branch == "x86_64/stable")
        #expect(app.deployment.string == notes.path)
        #expect(app.displayName == "Notes and Lists")
        #expect(app.schemaFolder.string == notes.appendingPathComponent("files/share/glib-2.0/schemas").path)
        #expect(
            app.settingsFile(environment: fixture.environment).string
                == fixture.home.url.appendingPathComponent(
                    ".var/app/org.example.Notes/config/glib-2.0/settings/keyfile"
                )
                .path)
        #expect(try !app.grantsDconf(overriddenIn: installations))
        #expect(try #require(system.first).grantsDconf(overriddenIn: installations))
    }

    @Test func overridesGrantAndRevokeDconfTheUsersLast() throws {
        let fixture = try FlatpakFixture()
        try fixture.install("org.example.Notes", in: fixture.user)
        let installations = FlatpakInstallation.all(environment: fixture.environment)
        let app = try #require(try installations.first?.apps().first)
        try fixture.override("org.example.Notes", in: fixture.system, "[Session Bus Policy]\nca.desrt.dconf=talk\n")
        #expect(try app.grantsDconf(overriddenIn: installations))
        try fixture.override("global", in: fixture.user, "[Session Bus Policy]\nca.desrt.dconf=none\n")
        #expect(try !app.grantsDconf(overriddenIn: installations))
        try fixture.override("org.example.Notes", in: fixture.user, "[Session Bus Policy]\nca.desrt.dconf=talk\n")
        #expect(try app.grantsDconf(overriddenIn: installations))
    }

    /// The overrides `flatpak override` itself writes, in the system's and the user's installation, read as flatpak
    /// reads them.
    @Test(.needs(.flatpak)) func overridesFlatpakWritesAreRead() throws {
        let fixture = try FlatpakFixture()
        try fixture.install("org.example.Notes", in: fixture.user)
        let installations = FlatpakInstallation.all(environment: fixture.environment)
        let app = try #require(try installations.first?.apps().first)
        let flatpak = { (arguments: [String]) in
            let result = try ChildProcess.run("/usr/bin/flatpak", arguments, environment: fixture.environment)
            #expect(result.status == 0, "flatpak \(arguments): \(result.standardError)")
        }
        #expect(try !app.grantsDconf(overriddenIn: installations))
        try flatpak(["--system", "override", "--talk-name=ca.desrt.dconf"])
        #expect(try app.grantsDconf(overriddenIn: installations))
        try flatpak(["--user", "override", "--no-talk-name=ca.desrt.dconf", "org.example.Notes"])
        #expect(try !app.grantsDconf(overriddenIn: installations))
        try flatpak(["--user", "override", "--reset", "org.example.Notes"])
        #expect(try app.grantsDconf(overriddenIn: installations))
    }

    /// What flatpak would not run is no app here: a folder named no app id, links of another shape (one leading out
    /// of the installation), a deployment without metadata or whose metadata names another app.
    @Test func foldersFlatpakWouldNotRunAreLeftOut() throws {
        let fixture = try FlatpakFixture()
        let manager = FileManager.default
        try fixture.install("org.example.Good", in: fixture.user)
        try fixture.install("notanid", in: fixture.user)
        let escaping = try fixture.install("org.example.Escaping", in: fixture.user)
        let current = fixture.user.appendingPathComponent("app/org.example.Escaping/current")
        try manager.removeItem(at: current)
        try manager.createSymbolicLink(atPath: current.path, withDestinationPath: "../../../..")
        #expect(manager.fileExists(atPath: escaping.path))
        let bare = try fixture.install("org.example.Bare", in: fixture.user)
        try manager.removeItem(at: bare.appendingPathComponent("metadata"))
        let other = try fixture.install("org.example.Other", in: fixture.user)
        try Data("[Application]\nname=org.example.Good\n".utf8).write(to: other.appendingPathComponent("metadata"))
        let apps = try #require(FlatpakInstallation.all(environment: fixture.environment).first).apps()
        #expect(apps.map(\.id) == ["org.example.Good"])
    }

    @Test(arguments: [
        ("org.example.App", true), ("org.example.App2", true), ("io.github.some_one.my-app", true),
        ("org.example", false), ("1org.example.App", false), ("org..App", false), ("org.example.Ap p", false),
        ("org.example.Äpp", false), (String(repeating: "a.", count: 128) + "a", false),
    ])
    func appIDsAreThoseFlatpakTakes(_ id: String, valid: Bool) {
        #expect(FlatpakAppID.isValid(id) == valid)
    }
}

extension FlatpakInstallationTests {
    /// What cannot be read is said, not taken for nothing: an installation's `app/` folder that cannot be listed, an
    /// override whose policy cannot be read.
    @Test func anUnreadableInstallationOrOverrideIsNamed() throws {
        let fixture = try FlatpakFixture()
        try fixture.install("org.example.Notes", in: fixture.user)
        let installations = FlatpakInstallation.all(environment: fixture.environment)
        let user = try #require(installations.first)
        let app = try #require(try user.apps().first)
        let override = fixture.user.appendingPathComponent("overrides/org.example.Notes")
        try FileManager.default.createDirectory(at: override, withIntermediateDirectories: true)
        #expect {
            try app.grantsDconf(overriddenIn: installations)
        } throws: { error in
            "\(error)".contains("overrides/org.example.Notes cannot be read")
        }
        let fault = SyscallFaults.shared.inject(
            .permissionDenied, into: ["opendir"], atPathsStartingWith: fixture.user.appendingPathComponent("app").path)
        defer { fault.cancel() }
        #expect {
            try user.apps()
        } throws: { error in
            "\(error)".contains("cannot be listed")
        }
    }
}
