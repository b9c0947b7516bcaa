package import PrefsCore

/// A GSettings key as PrefsKit's schema describes it, made the same way whether the key was read through GIO
/// (``SchemaKey``) or from the compiled schemas (``CompiledSchemaKey``).
package enum GSettingsEntry {
    /// What a key's values may be.
    package struct Allowed: Sendable {
        package var choices: [PropertyListValue] = []
        package var flags: [String] = []
        package var range: PreferenceValueRange?

        package init(choices: [PropertyListValue] = [], flags: [String] = [], range: PreferenceValueRange? = nil) {
            self.choices = choices
            self.flags = flags
            self.range = range
        }
    }

    /// The entry of a key.
    ///
    /// A type with a faithful mapping (``VariantShape``) gets its kind; any other is a string of GVariant text, whose
    /// type name says so (`GVariant text (ii)`).
    ///
    /// - Parameters:
    ///   - name: The key.
    ///   - type: Its GVariant type string.
    ///   - defaultValue: The default in effect, as a property-list value.
    ///   - allowed: Its choices, flags or range.
    ///   - documentation: Reads its summary and description, when first asked for.
    /// - Returns: The entry.
    package static func make(
        name: String, type: String, defaultValue: PropertyListValue, allowed: Allowed,
        documentation: @escaping @Sendable () -> (summary: String?, description: String?)
    ) -> PreferenceSchemaEntry {
        let shape = VariantShape(type: type)
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
            storage: storage, defaultValue: defaultValue, choices: allowed.choices, range: allowed.range
        ).documented(by: documentation)
    }
}

extension CompiledSchemaKey {
    /// What the key allows, as ``GSettingsEntry`` takes it: choices as strings, a range of integers or doubles.
    package var entryAllowed: GSettingsEntry.Allowed {
        switch allowed {
        case .any: return GSettingsEntry.Allowed()
        case .choices(let strings): return GSettingsEntry.Allowed(choices: strings.map(PropertyListValue.string))
        case .flags(let flags): return GSettingsEntry.Allowed(flags: flags)
        case .range(let low, let high):
            if let low = low.integer.flatMap(Int.init(exactly:)), let high = high.integer.flatMap(Int.init(exactly:)),
                low <= high
            {
                return GSettingsEntry.Allowed(range: .integer(low...high))
            }
            if let low = low.double, let high = high.double, low <= high {
                return GSettingsEntry.Allowed(range: .real(low...high))
            }
            return GSettingsEntry.Allowed()
        }
    }
}
