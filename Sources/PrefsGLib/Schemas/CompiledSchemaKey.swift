import PrefsCore

/// A key of a compiled schema: its default and what it allows, read without GIO.
package struct CompiledSchemaKey: Sendable {
    /// What a key's values may be, as `g_settings_schema_key_get_range` says.
    package enum Allowed: Sendable {
        case any
        /// An enum's or a choice list's strings (`e`, `c`).
        case choices([String])
        /// A flags key's flags (`f`): an `as` of them.
        case flags([String])
        /// A range (`r`), its ends of the key's type.
        case range(SerializedVariant, SerializedVariant)
    }

    package let name: String
    package let type: SerializedType
    package let defaultValue: SerializedVariant
    package let allowed: Allowed
    /// Strings an enum or choice key takes for one of its own (`<alias value=… target=…>`).
    package let aliases: [String: String]

    /// Reads a key's compiled tuple: its default, then `(y*)` extensions.
    ///
    /// - Returns: `nil` when the tuple is malformed, has an extension not read here (`d`), or asks for a translated
    ///   default in a locale that may have one.
    package init?(name: String, compiled: SerializedVariant) {
        guard case .tuple = compiled.type, let members = compiled.children, let first = members.first else {
            return nil
        }
        self.name = name
        type = first.type
        defaultValue = first
        var allowed = Allowed.any
        var aliases: [String: String] = [:]
        for extensionValue in members.dropFirst() {
            guard let parts = extensionValue.children, parts.count == 2, let code = parts[0].integer else {
                return nil
            }
            switch UnicodeScalar(UInt8(truncatingIfNeeded: code)) {
            case "l":
                // gettext finds no translation in the C locale, where GLib then keeps the compiled default.
                guard !Self.localeTranslates else { return nil }
            case "e", "c", "f":
                guard let table = StringInfo(parts[1]) else { return nil }
                allowed = code == UInt8(ascii: "f") ? .flags(table.strings) : .choices(table.strings)
                aliases = table.aliases
            case "r":
                guard let ends = parts[1].children, ends.count == 2 else { return nil }
                allowed = .range(ends[0], ends[1])
            default:
                return nil
            }
        }
        self.allowed = allowed
        self.aliases = aliases
    }

    /// Whether a value is one the key allows, as `g_settings_schema_key_range_check`: each element of a container
    /// in turn; `nil` when that cannot be told here.
    package func allows(_ value: SerializedVariant) -> Bool? {
        switch allowed {
        case .any: return true
        case .choices(let strings), .flags(let strings):
            if let children = value.children { return children.allSatisfy { $0.string.map(strings.contains) ?? false } }
            return value.string.map(strings.contains)
        case .range(let low, let high):
            if let children = value.children {
                return children.allSatisfy { allows($0) == true }
            }
            if let number = value.integer, let low = low.integer, let high = high.integer {
                return low <= number && number <= high
            }
            if let number = value.double, let low = low.double, let high = high.double {
                return low <= number && number <= high
            }
            return nil
        }
    }

    /// Whether gettext may translate a default in this process's locale: any but C or POSIX, in which gettext
    /// ignores `LANGUAGE` too.
    private static let localeTranslates: Bool = {
        let environment = ProcessEnvironment.current
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return false }
        return !(locale == "C" || locale == "POSIX" || locale.hasPrefix("C."))
    }()
}
