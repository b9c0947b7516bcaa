import CGio
package import PrefsCore

extension SchemaKey {
    /// The key as PrefsKit's schema describes it: type, default, choices, range, summary and description, the last
    /// two read when first asked for.
    ///
    /// A type with a faithful mapping (``VariantShape``) gets its kind; any other is a string of GVariant text, whose
    /// type name says so (`GVariant text (ii)`). Flags are listed in the description, since their value is a set.
    ///
    /// - Parameter effectiveDefault: The default in effect, which a system database may set
    ///   (`g_settings_get_default_value`); the schema's own when `nil`.
    /// - Returns: The entry.
    package func entry(effectiveDefault: Variant? = nil) -> PreferenceSchemaEntry {
        let allowed = Self.allowed(range)
        return GSettingsEntry.make(
            name: name, type: typeString, defaultValue: VariantConversion.value(of: effectiveDefault ?? defaultValue),
            allowed: allowed
        ) { [self] in
            // GIO parses every installed schema's XML for the first summary it is asked for (about 4 ms for
            // Debian's desktop schemas), so only what shows documentation pays for it.
            GIOLock.run { documentation(flags: allowed.flags) }
        }
    }

    /// The summary on one line, and the description's paragraphs with the flags a flags key may hold; the caller
    /// holds ``GIOLock``.
    package func documentation(flags: [String]) -> (summary: String?, description: String?) {
        var description = Self.paragraphs(self.description)
        if !flags.isEmpty {
            let flags = "Flags: " + flags.joined(separator: ", ") + "."
            description = description.map { $0 + "\n\n" + flags } ?? flags
        }
        return (summary.map(Self.oneLine), description)
    }

    /// The flags a flags key may hold, or none for any other key.
    package var flags: [String] { Self.allowed(range).flags }

    /// What a key's range allows, from `g_settings_schema_key_get_range`'s `(sv)`.
    private static func allowed(_ range: Variant) -> GSettingsEntry.Allowed {
        guard range.isOfType("(sv)") else { return GSettingsEntry.Allowed() }
        let kind = range.child(0).string
        let detail = range.child(1).inner
        switch kind {
        case "enum":
            return GSettingsEntry.Allowed(choices: VariantConversion.faithfulValue(of: detail)?.arrayElements ?? [])
        case "flags":
            let flags = (VariantConversion.faithfulValue(of: detail)?.arrayElements ?? []).compactMap(\.stringValue)
            return GSettingsEntry.Allowed(flags: flags)
        case "range":
            guard detail.childCount == 2,
                let low = VariantConversion.faithfulValue(of: detail.child(0)),
                let high = VariantConversion.faithfulValue(of: detail.child(1))
            else { return GSettingsEntry.Allowed() }
            switch (low, high) {
            case (.int(let low), .int(let high)) where low <= high:
                return GSettingsEntry.Allowed(range: .integer(low...high))
            case (.double(let low), .double(let high)) where low <= high:
                return GSettingsEntry.Allowed(range: .real(low...high))
            default: return GSettingsEntry.Allowed()
            }
        default:
            return GSettingsEntry.Allowed()
        }
    }

    /// A schema's text on one line: the XML's line breaks and indentation are layout, not content.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A description's paragraphs, each on one line, separated by a blank line.
    private static func paragraphs(_ text: String?) -> String? {
        guard let text else { return nil }
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: \.isWhitespace)
            if words.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current += words
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }
}

extension PropertyListValue {
    fileprivate var arrayElements: [PropertyListValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    fileprivate var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}
