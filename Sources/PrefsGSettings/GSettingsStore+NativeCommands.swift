public import PrefsCore
import PrefsGLib

extension GSettingsStore {
    /// GLib's own `gsettings set` and `gsettings reset`, with values as GVariant text of each key's type.
    public var nativeCommands: (any NativeCommands)? { GSettingsCommands(store: self) }
}

/// `gsettings set SCHEMA KEY VALUE` and `gsettings reset SCHEMA KEY`; a relocatable schema's suite is `SCHEMA:PATH`,
/// as `gsettings` takes it.
struct GSettingsCommands: NativeCommands {
    let store: GSettingsStore

    var toolName: String { "gsettings" }

    func setting(_ value: PropertyListValue, forKey key: String, inSuite suite: String) -> [String]? {
        guard let settings = try? store.settings(suite) else { return nil }
        let text: String? = GIOLock.run {
            guard let schemaKey = settings.schema.key(key) else { return nil }
            let type = schemaKey.typeString
            guard let variant = try? VariantConversion.variant(from: value, type: type, template: settings.value(key)),
                variant.isOfType(type)
            else { return nil }
            return variant.text
        }
        return text.map { ["gsettings", "set", suite, key, $0] }
    }

    func removing(key: String, inSuite suite: String) -> [String] {
        ["gsettings", "reset", suite, key]
    }
}
