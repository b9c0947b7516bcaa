import Foundation
import PrefsTestSupport
import Testing

/// A user and a system Flatpak installation in a folder of the test's own, laid out as flatpak leaves them:
/// `app/ID/current` → `ARCH/BRANCH`, `ARCH/BRANCH/active` → the commit, whose folder holds `metadata`, the app's
/// compiled schemas under `files/share/glib-2.0/schemas` and its exported desktop file.
package struct FlatpakFixture {
    package let home: TemporaryDirectory
    package var user: URL { home.url.appendingPathComponent("user-flatpak") }
    package var system: URL { home.url.appendingPathComponent("system-flatpak") }
    /// The environment prefs reads the installations and the apps' keyfiles from.
    package var environment: [String: String] {
        [
            "FLATPAK_USER_DIR": user.path, "FLATPAK_SYSTEM_DIR": system.path, "HOME": home.url.path,
            "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
        ]
    }

    package init() throws {
        home = try TemporaryDirectory()
    }

    /// Installs an app as flatpak deploys it.
    ///
    /// - Parameters:
    ///   - id: The app id.
    ///   - installation: Its folder, ``user`` or ``system``.
    ///   - metadata: Lines after `[Application]`'s; `name=ID` comes first.
    ///   - schemas: gschema XML sources, compiled with `glib-compile-schemas` into the deployment.
    ///   - name: The desktop file's `Name=`, or none.
    /// - Returns: The deployment's folder.
    /// - Throws: When a file cannot be written.
    @discardableResult
    package func install(
        _ id: String, in installation: URL, metadata: String = "", schemas: [String] = [], name: String? = nil
    ) throws -> URL {
        try Self.install(id, in: installation, metadata: metadata, schemas: schemas, name: name)
    }

    /// Installs an app as flatpak deploys it, in any installation's folder (``install(_:in:metadata:schemas:name:)``).
    ///
    /// - Parameters:
    ///   - id: The app id.
    ///   - installation: The installation's folder.
    ///   - metadata: Lines after `[Application]`'s; `name=ID` comes first.
    ///   - schemas: gschema XML sources, compiled with `glib-compile-schemas` into the deployment.
    ///   - name: The desktop file's `Name=`, or none.
    ///   - compilerOptions: More of `glib-compile-schemas`' options (`--allow-any-name`).
    /// - Returns: The deployment's folder.
    /// - Throws: When a file cannot be written.
    @discardableResult
    package static func install(
        _ id: String, in installation: URL, metadata: String = "", schemas: [String] = [], name: String? = nil,
        compilerOptions: [String] = []
    ) throws -> URL {
        let manager = FileManager.default
        let app = installation.appendingPathComponent("app/\(id)")
        let commit = "4f1c2e9d8b7a6c5e4d3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d"
        let deployment = app.appendingPathComponent("x86_64/stable/\(commit)")
        try manager.createDirectory(at: deployment, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: app.appendingPathComponent("current").path, withDestinationPath: "x86_64/stable")
        try manager.createSymbolicLink(
            atPath: app.appendingPathComponent("x86_64/stable/active").path, withDestinationPath: commit)
        let text = "[Application]\nname=\(id)\nruntime=org.gnome.Platform/x86_64/45\ncommand=app\n\(metadata)"
        try Data(text.utf8).write(to: deployment.appendingPathComponent("metadata"))
        if !schemas.isEmpty {
            let folder = deployment.appendingPathComponent("files/share/glib-2.0/schemas")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, source) in schemas.enumerated() {
                try Data(source.utf8).write(to: folder.appendingPathComponent("\(id).\(index).gschema.xml"))
            }
            let compiled = try ChildProcess.run("/usr/bin/glib-compile-schemas", compilerOptions + [folder.path])
            #expect(compiled.status == 0, "\(compiled.standardError)")
        }
        if let name {
            let folder = deployment.appendingPathComponent("export/share/applications")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("[Desktop Entry]\nType=Application\nName=\(name)\nExec=app\n".utf8)
                .write(to: folder.appendingPathComponent("\(id).desktop"))
        }
        return deployment
    }

    /// Writes an override file as `flatpak override` does.
    package func override(_ name: String, in installation: URL, _ text: String) throws {
        let folder = installation.appendingPathComponent("overrides")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
}
