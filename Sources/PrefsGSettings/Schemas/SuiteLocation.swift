import PrefsCore
import PrefsStoreKit

/// Where a suite of the GSettings store lives: a schema, and for a relocatable schema the dconf path it is opened at,
/// named `SCHEMA:/path/` as `gsettings` names it.
struct SuiteLocation: Hashable, Sendable {
    /// The schema's id.
    let schema: String
    /// The dconf path for a relocatable schema; `nil` for a fixed one.
    let path: String?

    /// Reads a suite's name.
    ///
    /// - Parameter name: `SCHEMA` or `SCHEMA:/path/`.
    /// - Throws: ``GSettingsStoreError/invalidSuiteName(_:reason:)`` for a path that GLib would abort on: one that
    ///   does not start and end with `/` or holds `//`.
    init(_ name: String) throws(GSettingsStoreError) {
        guard let colon = name.firstIndex(of: ":") else {
            guard !name.isEmpty else { throw .invalidSuiteName(name, reason: "it is empty") }
            schema = name
            path = nil
            return
        }
        schema = String(name[..<colon])
        let path = String(name[name.index(after: colon)...])
        guard !schema.isEmpty else { throw .invalidSuiteName(name, reason: "it names no schema before the colon") }
        guard path.hasPrefix("/"), path.hasSuffix("/"), !path.contains("//") else {
            throw .invalidSuiteName(
                name, reason: "a dconf path starts and ends with / and has no empty part, such as /org/example/")
        }
        guard Self.isValidPath(path) else {
            throw .invalidSuiteName(name, reason: "a dconf path holds printable ASCII characters only")
        }
        self.path = path
    }

    /// Whether a path is one a relocatable schema can be opened at without GLib aborting: it starts and ends with
    /// `/`, has no empty part, and holds printable ASCII only.
    static func isValidPath(_ path: String) -> Bool {
        path.hasPrefix("/") && path.hasSuffix("/") && !path.contains("//")
            && path.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// The suite's name.
    var name: String { path.map { "\(schema):\($0)" } ?? schema }

    /// The name of the suite's change journal: the suite's name with `/` and `%` escaped, since a journal is a file.
    var journalName: String { Self.journalName(of: name) }

    /// The name of a suite's change journal, a dconf directory's too: `/` and `%` escaped, since a journal is a file.
    static func journalName(of name: String) -> String {
        var escaped = ""
        for character in name {
            switch character {
            case "%": escaped += "%25"
            case "/": escaped += "%2F"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
