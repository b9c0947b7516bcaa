import PrefsCore
import PrefsGLib

/// `flatpak run --command=gsettings APPID set SCHEMA KEY VALUE` and `… reset SCHEMA KEY`: GLib's own `gsettings`
/// inside the app's sandbox, which writes the app's keyfile as the app itself would, as the apps' READMEs tell their
/// users to change a setting.
struct FlatpakCommands: NativeCommands {
    let store: FlatpakStore

    var toolName: String { "flatpak" }

    /// The words of the sandbox's `gsettings`, the value as GVariant text of the key's type, checked by the schema
    /// as a write is; `nil` for a value the key refuses.
    func setting(_ value: PropertyListValue, forKey key: String, inSuite suite: String) -> [String]? {
        // A suite or key the store cannot resolve has no command: the write itself said why.
        guard let (app, schema, path) = try? store.resolve(suite),
            let compiled = try? store.schemas(of: app).schema(schema)?.key(key),
            let text = try? FlatpakSettings.text(value, for: compiled, suite: suite)
        else { return nil }
        return gsettings(app.id, ["set", schema + (path.map { ":" + $0 } ?? ""), key, text])
    }

    func removing(key: String, inSuite suite: String) -> [String] {
        let parts = suite.split(separator: "/", maxSplits: 1).map(String.init)
        return gsettings(parts.first ?? suite, ["reset", parts.count == 2 ? parts[1] : suite, key])
    }

    private func gsettings(_ app: String, _ arguments: [String]) -> [String] {
        ["flatpak", "run", "--command=gsettings", app] + arguments
    }
}
