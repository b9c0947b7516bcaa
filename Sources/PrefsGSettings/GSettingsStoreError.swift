public import PrefsCore
import PrefsStoreKit

/// Why the GSettings store refused a suite, a key or a value; each says what is wrong on one line.
public enum GSettingsStoreError: StoreErrorConvertible, Sendable, Hashable, CustomStringConvertible {
    /// No installed schema has this id.
    case noSchema(String, searched: String)
    /// A suite's name cannot name a schema, or a relocatable schema's path.
    case invalidSuiteName(String, reason: String)
    /// A relocatable schema was named without the dconf path to open it at.
    case needsPath(schema: String)
    /// A fixed schema was named with a path of its own.
    case fixedPath(schema: String, path: String)
    /// The schema declares no such key.
    case unknownKey(suite: String, key: String)
    /// The value is not of the key's type, or lies outside its range or choices.
    case invalidValue(suite: String, key: String, reason: String)
    /// A system administrator locked the key.
    case notWritable(suite: String, key: String)
    /// GSettings would keep values in memory only: no dconf backend is installed.
    case noBackend(String)
    /// The write was not stored: the session bus or dconf's service did not take it.
    case writeFailed(suite: String, reason: String)
    /// Schemas are installed with `glib-compile-schemas`, not through the store.
    case readOnlySchemas(String)
    /// GIO cannot be loaded: the dynamic loader's reason.
    case gioUnavailable(String)
    /// dconf's client library cannot be loaded: the dynamic loader's reason.
    case dconfUnavailable(String)
    /// The user's mappings of paths to relocatable schemas cannot be read or written.
    case mappingsUnreadable(path: String, reason: String)
    /// A path cannot be paired with a schema: not a relocatable schema, or not a dconf directory.
    case invalidMapping(path: String, schema: String, reason: String)
    /// A key of a dconf directory is one a schema at that directory declares, and is written through it.
    case declaredBySchema(directory: String, key: String, suite: String)

    public var description: String {
        switch self {
        case .noSchema(let schema, let searched):
            "no GSettings schema \(TextEscaping.quoted(schema)) is installed (looked in \(searched))"
        case .invalidSuiteName(let name, let reason):
            "invalid GSettings suite \(TextEscaping.quoted(name)): \(reason)"
        case .needsPath(let schema):
            "schema \(TextEscaping.quoted(schema)) is relocatable: name it with a dconf path, as \(schema):/org/example/"
        case .fixedPath(let schema, let path):
            "schema \(TextEscaping.quoted(schema)) lives at a path of its own, not \(TextEscaping.quoted(path)): "
                + "name it without one"
        case .unknownKey(let suite, let key):
            "schema \(TextEscaping.quoted(suite)) has no key \(TextEscaping.quoted(key))"
        case .invalidValue(let suite, let key, let reason):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(suite)): \(reason); nothing was written"
        case .notWritable(let suite, let key):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(suite)) is locked by the system administrator "
                + "(a dconf lock); nothing was written"
        case .noBackend(let backend):
            "GSettings has no dconf backend here (it uses \(backend), which keeps values in memory only); install "
                + "dconf-gsettings-backend"
        case .writeFailed(let suite, let reason):
            "the write to \(TextEscaping.quoted(suite)) was not stored: \(reason)"
        case .readOnlySchemas(let suite):
            "GSettings schemas are installed with glib-compile-schemas, not by prefs (suite \(TextEscaping.quoted(suite)))"
        case .gioUnavailable(let reason):
            "GNOME's settings need GIO, which cannot be loaded (\(reason)); install GLib (Debian: libglib2.0-0)"
        case .dconfUnavailable(let reason):
            "dconf paths without a schema need dconf's client library, which cannot be loaded (\(reason)); install "
                + "it (Debian: libdconf1, which dconf-cli brings)"
        case .mappingsUnreadable(let path, let reason):
            "cannot use the schema mappings in \(TextEscaping.quoted(path)): \(reason)"
        case .invalidMapping(let path, let schema, let reason):
            "cannot map \(TextEscaping.quoted(path)) to schema \(TextEscaping.quoted(schema)): \(reason)"
        case .declaredBySchema(let directory, let key, let suite):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(directory)) belongs to schema "
                + "\(TextEscaping.quoted(suite)), which checks its type and range: write it there, as prefs --store "
                + "gsettings write \(suite) \(key) VALUE"
        }
    }

    /// The error as the typed API's writes throw it.
    public var storeError: PersistentKeyValueStoreError {
        switch self {
        // The message names the key already.
        case .invalidValue, .unknownKey: PersistentKeyValueStoreError(.encoding, message: description)
        case .notWritable: PersistentKeyValueStoreError(.locked, message: description)
        case .noBackend, .writeFailed, .gioUnavailable, .dconfUnavailable:
            PersistentKeyValueStoreError(.io, message: description)
        default: PersistentKeyValueStoreError(.refused, message: description)
        }
    }
}
