import CGio
import PrefsCore
import PrefsGLib

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
    func entry(effectiveDefault: Variant? = nil) -> PreferenceSchemaEntry {
        let type = typeString
        let shape = VariantShape(type: type)
        let allowed = Self.allowed(range)
        var kind: PreferenceValueKind
        let storage: PrimitiveKind
        switch shape?.primitiveKind {
        case .bool?: (kind, storage) = (.bool, .bool)
        case .int?: (kind, storage) = (.int, .int)
        case .double?: (kind, storage) = (.double, .double)
        case .string?: (kind, storage) = (.string, .string)
        case .data?: (kind, storage) = (.data, .data)
        case .array(let element)?: (kind, storage) = (.array, .array(element))
        case .dictionary(let value)?: (kind, storage) = (.dictionary, .dictionary(value))
        case .date?, nil: (kind, storage) = (.string, .string)
        }
        if !allowed.choices.isEmpty { kind = .enum }
        return PreferenceSchemaEntry(
            id: name, typeName: shape == nil ? "GVariant text \(type)" : "GVariant \(type)", kind: kind,
            storage: storage, defaultValue: VariantConversion.value(of: effectiveDefault ?? defaultValue),
            choices: allowed.choices, range: allowed.range
        ).documented { [self] in
            // GIO parses every installed schema's XML for the first summary it is asked for (about 4 ms for
            // Debian's desktop schemas), so only what shows documentation pays for it.
            GIOLock.run { documentation(flags: allowed.flags) }
        }
    }

    /// The summary on one line, and the description's paragraphs with the flags a flags key may hold; the caller
    /// holds ``GIOLock``.
    private func documentation(flags: [String]) -> (summary: String?, description: String?) {
        var description = Self.paragraphs(self.description)
        if !flags.isEmpty {
            let flags = "Flags: " + flags.joined(separator: ", ") + "."
            description = description.map { $0 + "\n\n" + flags } ?? flags
        }
        return (summary.map(Self.oneLine), description)
    }

    /// The flags a flags key may hold, or none for any other key.
    var flags: [String] { Self.allowed(range).flags }

    /// What a key's range allows, from `g_settings_schema_key_get_range`'s `(sv)`.
    private static func allowed(_ range: Variant) -> (
        choices: [PropertyListValue], flags: [String], range: PreferenceValueRange?
    ) {
        guard range.isOfType("(sv)") else { return ([], [], nil) }
        let kind = range.child(0).string
        let detail = range.child(1).inner
        switch kind {
        case "enum":
            return ((VariantConversion.faithfulValue(of: detail)?.arrayElements ?? []), [], nil)
        case "flags":
            let flags = (VariantConversion.faithfulValue(of: detail)?.arrayElements ?? []).compactMap(\.stringValue)
            return ([], flags, nil)
        case "range":
            guard detail.childCount == 2,
                let low = VariantConversion.faithfulValue(of: detail.child(0)),
                let high = VariantConversion.faithfulValue(of: detail.child(1))
            else { return ([], [], nil) }
            switch (low, high) {
            case (.int(let low), .int(let high)) where low <= high: return ([], [], .integer(low...high))
            case (.double(let low), .double(let high)) where low <= high: return ([], [], .real(low...high))
            default: return ([], [], nil)
            }
        default:
            return ([], [], nil)
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
