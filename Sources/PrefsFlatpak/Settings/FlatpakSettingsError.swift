package import PrefsCore

/// Why an app's settings refuse a write; each says what is wrong on one line, in the GSettings store's words.
package enum FlatpakSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No installed app's schema has this name (`APPID/SCHEMA`).
    case noApp(String)
    /// The app has no such schema.
    case noSchema(app: String, schema: String)
    /// The app's schemas or keyfile cannot be read, or GLib cannot be loaded.
    case unreadable(String)
    /// The schema declares no such key.
    case unknownKey(suite: String, key: String)
    /// The value does not fit the key's type, or its range, choices or flags refuse it.
    case invalidValue(suite: String, key: String, reason: String)
    /// GLib stops reading the keyfile before its end; a line written after the bad one would not be read.
    case unreadableKeyfile(path: String, reason: String)
    /// The keyfile could not be replaced.
    case writeFailed(path: String, reason: String)
    /// An app's schemas come with the app: prefs neither installs nor removes one.
    case readOnlySchemas(String)
    /// A relocatable schema named without a path, a fixed one with one, or a path GSettings would not take.
    case invalidInstance(suite: String, reason: String)

    package var description: String {
        switch self {
        case .noApp(let name):
            "no Flatpak app's suite \(TextEscaping.quoted(name)): name one as APPID/SCHEMA, an installed app's id and one of its schemas"
        case .unreadable(let reason):
            reason
        case .noSchema(let app, let schema):
            "\(TextEscaping.quoted(app)) has no GSettings schema \(TextEscaping.quoted(schema))"
        case .unknownKey(let suite, let key):
            "schema \(TextEscaping.quoted(suite)) has no key \(TextEscaping.quoted(key))"
        case .invalidValue(let suite, let key, let reason):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(suite)): \(reason); nothing was written"
        case .unreadableKeyfile(let path, let reason):
            "\(TextEscaping.quoted(path)) cannot be edited as GLib reads it (\(reason)); fix it first; nothing was written"
        case .writeFailed(let path, let reason):
            "\(TextEscaping.quoted(path)) could not be replaced: \(reason); nothing was written"
        case .invalidInstance(let suite, let reason):
            "invalid suite \(TextEscaping.quoted(suite)): \(reason)"
        case .readOnlySchemas(let suite):
            "a Flatpak app's schemas come with the app and change with its updates, not by prefs (suite \(TextEscaping.quoted(suite)))"
        }
    }
}

extension FlatpakSettingsError: StoreErrorConvertible {
    /// The error as the typed API's writes throw it.
    package var storeError: PersistentKeyValueStoreError {
        switch self {
        case .unknownKey, .invalidValue: PersistentKeyValueStoreError(.encoding, message: description)
        case .noApp, .noSchema, .invalidInstance: PersistentKeyValueStoreError(.refused, message: description)
        case .unreadableKeyfile: PersistentKeyValueStoreError(.corrupt, message: description)
        case .unreadable, .writeFailed: PersistentKeyValueStoreError(.io, message: description)
        case .readOnlySchemas: PersistentKeyValueStoreError(.refused, message: description)
        }
    }
}

extension FlatpakSettingsError: CodedError {
    package var code: ErrorCode {
        switch self {
        case .noApp, .noSchema: .noSuite
        case .invalidInstance: .invalidSuiteName
        case .unknownKey: .notInSchema
        case .invalidValue: .invalidValue
        case .readOnlySchemas: .refused
        case .unreadableKeyfile: .corrupt
        case .unreadable, .writeFailed: .io
        }
    }
}
