import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

extension StoreKindFixture {
    /// The app the Flatpak row's suites are schemas of: the conformance schemas compiled into its deployment, in the
    /// user installation of the scratch folder (`$XDG_DATA_HOME/flatpak`), run once (`~/.var/app/ID` exists).
    static let flatpakApp = "org.prefs.Conformance"

    /// Flatpak apps' own settings: every suite a schema of one installed app, its values in the app's keyfile; the
    /// other program is GLib's `gsettings` run as the app runs it (`flatpak run --command=gsettings` starts it so:
    /// the keyfile backend, the app's configuration folder, the app's schemas).
    static let flatpak = StoreKindFixture(
        value: { scratch in
            let source = try String(
                contentsOf: StoreKindFixture.conformanceSchema, encoding: .utf8)
            try FlatpakFixture.install(
                flatpakApp, in: scratch.appendingPathComponent("data-home/flatpak"), schemas: [source],
                name: "Conformance", compilerOptions: ["--allow-any-name"])
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent("home/.var/app/\(flatpakApp)"), withIntermediateDirectories: true)
            return "flatpak"
        }, needs: [.gsettings], suite: "\(flatpakApp)/org.prefs.conformance", typedBySchema: true,
        schema: ("\(flatpakApp)/org.prefs.conformance", nil), suitesAreSchemas: true,
        suiteName: { "\(flatpakApp)/\($0)" },
        foreignWrite: { scratch, suite, key, text in
            let schema = String(suite.dropFirst(flatpakApp.count + 1))
            let folders = try FileManager.default.subpathsOfDirectory(
                atPath: scratch.appendingPathComponent("data-home/flatpak/app/\(flatpakApp)").path)
            let compiled = try #require(folders.first { $0.hasSuffix("glib-2.0/schemas/gschemas.compiled") })
            let schemas = scratch.appendingPathComponent("data-home/flatpak/app/\(flatpakApp)/\(compiled)")
                .deletingLastPathComponent()
            try tool(
                "/usr/bin/gsettings", ["set", schema, key, text],
                environment: [
                    "GSETTINGS_BACKEND": "keyfile", "GSETTINGS_SCHEMA_DIR": schemas.path,
                    "XDG_CONFIG_HOME": scratch.appendingPathComponent("home/.var/app/\(flatpakApp)/config").path,
                    "HOME": scratch.appendingPathComponent("home").path,
                ])
        })

    /// The GSettings conformance schemas' source, which the GSettings row installs in its session.
    static let conformanceSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("PrefsGSettingsTests/Schemas/org.prefs.conformance.gschema.xml")
}
