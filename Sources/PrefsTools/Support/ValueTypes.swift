public import PrefsCore

extension ValueText {
    /// The name of a value's type as `prefs read-type` and `read --types` print it, in the words `--type` takes:
    /// `string`, `int`, `float`, `bool`, `date`, `data`, `array` or `dictionary`.
    public static func typeName(of value: PropertyListValue) -> String {
        typeName(of: value.kind)
    }

    /// A value's type as `prefs read-type` prints it: its name in the words `--type` takes, followed by the type its
    /// schema declares where that says more, such as GSettings' GVariant type or an app's enumeration:
    /// `string (GVariant s)`, `array (StringList)`, `string (Theme)`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - entry: The key's schema entry, if it has one.
    ///   - native: The type in the store's own words (``/PrefsCore/NativeTextSuite/nativeTypeName(forKey:)``),
    ///     which a dconf key without a schema has, and which goes before the schema's.
    /// - Returns: One line of text.
    public static func typeDescription(
        of value: PropertyListValue, entry: PreferenceSchemaEntry?, native: String? = nil
    ) -> String {
        let name = typeName(of: value)
        guard let declared = native ?? entry?.typeName else { return name }
        let plain = declared.hasSuffix("?") ? String(declared.dropLast()) : declared
        // The Swift names of the property-list types say nothing more than the name itself.
        let same = ["string", "int", "double", "float", "bool", "date", "data", name]
        return same.contains(plain.lowercased()) ? name : "\(name) (\(TextEscaping.escaped(plain)))"
    }

    /// The name of a kind, in the words `--type` takes; collections are `array` and `dictionary`.
    public static func typeName(of kind: PrimitiveKind) -> String {
        switch kind {
        case .string: "string"
        case .int: "int"
        case .double: "float"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// Reads text for a key that already holds a value and was given no `--type`: as the stored value's type, so
    /// that a write never changes a key's type unasked.
    ///
    /// - Parameters:
    ///   - text: The text typed on the command line.
    ///   - existing: What the key holds.
    ///   - key: The key, for the message.
    /// - Returns: The value, of the stored value's type (an integer is accepted for a real).
    /// - Throws: ``ToolError`` naming the key, its type and the text when the text is not of that type.
    public static func parse(_ text: String, keepingTypeOf existing: PropertyListValue, key: String) throws
        -> PropertyListValue
    {
        let name = typeName(of: existing)
        let refusal = ToolError(
            "key \(TextEscaping.quoted(key)) holds \(article(name)) \(name), and \(TextEscaping.quoted(text, limit: 60)) "
                + "is not one; nothing was written (give --type to store another type)", code: .invalidValue)
        switch existing.kind {
        case .array, .dictionary:
            guard let value = try? PropertyListValue(jsonText: text, as: nil),
                typeName(of: value) == name
            else { throw refusal }
            return value
        case let kind:
            guard let value = try? PropertyListValue(parsing: text, as: kind) else { throw refusal }
            return value
        }
    }

    /// Whether a command-line word is a negative number (`-7`, `-0.5`, `-.5`, `-1e3`) rather than an option, so that
    /// values need no `--` before them.
    public static func isNegativeNumber(_ word: String) -> Bool {
        guard word.count > 1, word.first == "-", word.dropFirst().first.map({ $0.isNumber || $0 == "." }) == true
        else { return false }
        return Double(word) != nil
    }

    /// "a" or "an", for a type's name.
    static func article(_ name: String) -> String {
        name.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
