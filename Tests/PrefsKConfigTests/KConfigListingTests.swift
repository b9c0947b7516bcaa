import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import SystemPackage
import Testing

@testable import PrefsKConfig
@testable import PrefsSystem

/// Which entries of a folder are KConfig files, as the folder's own record of each entry's kind tells
/// (``PrefsSystem/DirectoryEntry``): links followed as KConfig follows them, folders one level down, and a folder
/// that cannot be listed named.
@Suite struct KConfigListingTests {
    @Test func linksAreFollowedAndFoldersWalkedOneLevelDown() throws {
        let user = try TemporaryDirectory()
        let system = try TemporaryDirectory()
        let manager = FileManager.default
        let text = Data("[General]\nName=x\n".utf8)
        try text.write(to: user.url.appendingPathComponent("plainrc"))
        try text.write(to: user.url.appendingPathComponent("kdeglobals"))
        try text.write(to: user.url.appendingPathComponent("notes.txt"))
        try text.write(to: user.url.appendingPathComponent(".hiddenrc"))
        try manager.createSymbolicLink(
            atPath: user.url.appendingPathComponent("linkedrc").path, withDestinationPath: "plainrc")
        try manager.createSymbolicLink(
            atPath: user.url.appendingPathComponent("deadrc").path, withDestinationPath: "gone")
        try manager.createDirectory(at: user.url.appendingPathComponent("folderrc"), withIntermediateDirectories: true)
        try text.write(to: user.url.appendingPathComponent("folderrc/innerrc"))
        try manager.createDirectory(
            at: user.url.appendingPathComponent("app/deeper"), withIntermediateDirectories: true)
        try text.write(to: user.url.appendingPathComponent("app/apprc"))
        try text.write(to: user.url.appendingPathComponent("app/deeper/toodeeprc"))
        try manager.createSymbolicLink(
            atPath: user.url.appendingPathComponent("linkedapp").path, withDestinationPath: "app")
        try text.write(to: system.url.appendingPathComponent("systemrc"))

        let store = KConfigStore(directory: user.url, systemDirectories: [system.url], environment: [:])
        #expect(
            try store.listSuites() == [
                "app/apprc", "folderrc/innerrc", "kdeglobals", "linkedapp/apprc", "linkedrc", "plainrc", "systemrc",
            ])
    }

    @Test func aFolderThatCannotBeListedIsNamedAndAMissingOneHoldsNone() throws {
        let user = try TemporaryDirectory()
        try Data("[G]\nk=v\n".utf8).write(to: user.url.appendingPathComponent("onerc"))
        let missing = KConfigStore(
            directory: user.url.appendingPathComponent("none"), systemDirectories: [], environment: [:])
        #expect(try missing.listSuites().isEmpty)

        let store = KConfigStore(directory: user.url, systemDirectories: [], environment: [:])
        let fault = SyscallFaults.shared.inject(
            .permissionDenied, into: ["opendir"], atPathsStartingWith: user.url.path)
        defer { fault.cancel() }
        #expect {
            try store.listSuites()
        } throws: { error in
            "\(error)".contains(user.url.path) && "\(error)".contains("cannot be listed")
        }
        fault.cancel()
        #expect(try store.listSuites() == ["onerc"])
    }
}

extension KConfigListingTests {
    /// The machine view shows KDE's settings from a look at the folders alone: a KDE desktop, a KConfig file at the
    /// top of a configuration folder, or a `.kcfg` installed; nothing else (a plist, a folder named like a file).
    @Test func theMachineLooksForKDEInTheFoldersEntries() throws {
        let home = try TemporaryDirectory()
        let config = home.url.appendingPathComponent("config")
        let data = home.url.appendingPathComponent("data")
        let system = home.url.appendingPathComponent("xdg")
        for folder in [config, data, system, config.appendingPathComponent("toolrc")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("<plist/>".utf8).write(to: config.appendingPathComponent("app.plist"))
        var environment = [
            "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": system.path, "XDG_DATA_HOME": data.path,
            "XDG_DATA_DIRS": system.path, "XDG_CURRENT_DESKTOP": "GNOME",
        ]
        #expect(!KConfigStore.mayHoldSettings(environment: environment))
        environment["XDG_CURRENT_DESKTOP"] = "KDE"
        #expect(KConfigStore.mayHoldSettings(environment: environment))
        environment["XDG_CURRENT_DESKTOP"] = "GNOME"

        try FileManager.default.createDirectory(
            at: data.appendingPathComponent("config.kcfg"), withIntermediateDirectories: true)
        try Data("<kcfg/>".utf8).write(to: data.appendingPathComponent("config.kcfg/app.kcfg"))
        #expect(KConfigStore.mayHoldSettings(environment: environment))
        try FileManager.default.removeItem(at: data.appendingPathComponent("config.kcfg"))

        try Data("[G]\nk=v\n".utf8).write(to: system.appendingPathComponent("kdeglobals"))
        #expect(KConfigStore.mayHoldSettings(environment: environment))
        try FileManager.default.removeItem(at: system.appendingPathComponent("kdeglobals"))

        try Data("[G]\nk=v\n".utf8).write(to: config.appendingPathComponent("dolphinrc"))
        #expect(KConfigStore.mayHoldSettings(environment: environment))
    }
}
