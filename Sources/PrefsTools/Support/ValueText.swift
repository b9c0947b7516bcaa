public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How values are shown on the command line and read from it.
public enum ValueText {
    /// The type `prefs write --type` reads a value as, when no schema says.
    public enum ValueType: String, Sendable, CaseIterable {
        case string, int, float, bool, date, data, json
        /// PrefsKit's tagged JSON, `{"array": [{"int": 1}, {"date": "…"}]}`: any value, its members' types exact,
        /// as `prefs record` writes arrays and dictionaries.
        case typedJSON = "typed-json"
        /// The store's own value syntax, which gives the value its exact type: GVariant text for GNOME's settings
        /// (`uint32 5`, `(1, 'a')`), as `dconf write` takes it. The store parses it (``/PrefsCore/NativeTextSuite``).
        case gvariant

        /// The type a scalar kind is written as; `nil` for a collection, which `json` writes whatever its shape.
        ///
        /// - Parameter kind: The kind.
        public init?(kind: PrimitiveKind) {
            switch kind {
            case .string: self = .string
            case .int: self = .int
            case .double: self = .float
            case .bool: self = .bool
            case .date: self = .date
            case .data: self = .data
            case .array, .dictionary: return nil
            }
        }

        public var kind: PrimitiveKind? {
            switch self {
            case .string: .string
            case .int: .int
            case .float: .double
            case .bool: .bool
            case .date: .date
            case .data: .data
            case .json, .typedJSON, .gvariant: nil
            }
        }
    }

    /// A value as `prefs read SUITE KEY` prints it.
    ///
    /// Strings are printed as they are, numbers as numbers, Booleans as `true` and `false`, dates in ISO 8601, data in
    /// base64, arrays and dictionaries as JSON. On a terminal, control characters are shown escaped; in a pipe, every
    /// one but line feeds and tabs, since the pipe may end at a terminal too (`--json` gives the exact bytes).
    public static func bare(_ value: PropertyListValue, entry: PreferenceSchemaEntry?) -> String {
        if Secrets.hides(entry) { return Secrets.mask }
        let text = entry?.render(value) ?? value.text
        return Output.isTerminal
            ? TextEscaping.escaped(text, escapingBackslashes: false) : TextEscaping.escapedKeepingLines(text)
    }

    /// A value on one line, as every listing of `prefs` and every place of the editor shows it: the one escaping of a
    /// value for people.
    ///
    /// A string's backslashes are doubled, so that `\e` always means an escape character and never the two
    /// characters a value may hold; arrays and dictionaries are JSON, whose own escapes already tell them apart.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - entry: Its key's schema entry, which renders choices and dates and says whether it is secret.
    ///   - revealed: Whether a secret was revealed (`--reveal`, the editor's `v`); a hidden one shows as the mask.
    /// - Returns: One line, never holding a control or invisible character.
    public static func inline(
        _ value: PropertyListValue, entry: PreferenceSchemaEntry?, revealed: Bool = Secrets.reveal
    ) -> String {
        if Secrets.hides(entry, revealed: revealed) { return Secrets.mask }
        switch value {
        case .array, .dictionary: return TextEscaping.escaped(value.text, escapingBackslashes: false)
        default: return TextEscaping.escaped(entry?.render(value) ?? value.text)
        }
    }

    /// A key on one line of a listing.
    public static func key(_ key: String) -> String {
        TextEscaping.escaped(key)
    }

    /// Reads text typed on the command line as a value of a type.
    ///
    /// - Throws: `ToolError` naming the text and the type.
    public static func parse(_ text: String, as type: ValueType) throws -> PropertyListValue {
        if type == .gvariant {
            // Only the store reads its own syntax, and only for a whole key (WriteRequest).
            throw ToolError(
                "--type gvariant gives a whole key's value to the store, as prefs write does; give a part of a value "
                    + "as string, int, float, bool, date, data or json", code: .usage)
        }
        if type == .typedJSON {
            var bytes = text
            let json = bytes.withUTF8 { JSONValue.parse($0, maximumDepth: PropertyListValue.taggedMaximumDepth) }
            guard let json, let value = PropertyListValue(tagged: json) else {
                throw ToolError(
                    "invalid typed-json value: \(TextEscaping.quoted(text, limit: 60)) is not a value in PrefsKit's "
                        + "tagged form, such as {\"int\": 3}", code: .invalidValue)
            }
            return value
        }
        do {
            guard let kind = type.kind else { return try PropertyListValue(jsonText: text, as: nil) }
            return try PropertyListValue(parsing: text, as: kind)
        } catch {
            throw ToolError("invalid \(type.rawValue) value: \(error)", code: .invalidValue)
        }
    }

    /// The one rule for the name of a key being written, renamed or added, on the command line and in the editor:
    /// not empty, and holding no control character at all, not even the tab or newline a value may hold.
    ///
    /// - Parameter key: The name.
    /// - Throws: ``ToolError`` naming what is wrong.
    public static func checkKeyName(_ key: String) throws {
        guard !key.isEmpty else { throw ToolError("the key is empty", code: .usage) }
        guard let control = key.unicodeScalars.first(where: TextEscaping.isControl) else { return }
        throw ToolError(
            "the key \(TextEscaping.quoted(key, limit: 60)) holds a control character "
                + "(\(TextEscaping.escaped(String(control)))); nothing was written", code: .invalidValue)
    }

    /// Refuses text holding escape sequences or other control characters, which would reach every terminal that
    /// later shows the value; tab and newline are allowed.
    ///
    /// - Parameters:
    ///   - text: The text to check.
    ///   - what: What the text is, for the message: "value", "key".
    /// - Throws: `ToolError` naming the text and its first control character.
    public static func checkPrintable(_ text: String, what: String) throws {
        let control = text.unicodeScalars.first { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
        guard let control else { return }
        throw ToolError(
            "the \(what) \(TextEscaping.quoted(text, limit: 60)) holds a control character "
                + "(\(TextEscaping.escaped(String(control)))); nothing was written", code: .invalidValue)
    }

    /// Refuses a value with a string or dictionary key holding a control character, at any depth: JSON's escapes
    /// (`\u001b`) would otherwise carry an escape sequence past ``checkPrintable(_:what:)``.
    ///
    /// - Parameters:
    ///   - value: The parsed value.
    ///   - what: What the value is, for the message.
    /// - Throws: `ToolError` naming the text and its first control character.
    public static func checkPrintable(_ value: PropertyListValue, what: String) throws {
        switch value {
        case .string(let text):
            try checkPrintable(text, what: what)
        case .array(let elements):
            for element in elements { try checkPrintable(element, what: what) }
        case .dictionary(let elements):
            for (key, element) in elements {
                try checkPrintable(key, what: "key in the \(what)")
                try checkPrintable(element, what: what)
            }
        default:
            break
        }
    }

    /// A value as JSON for `--json` output: dates as ISO 8601 strings, data as base64, a secret as ``Secrets/mask``.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for none.
    ///   - entry: The key's schema entry, which says whether it is secret.
    /// - Returns: A JSON-compatible object.
    public static func json(_ value: PropertyListValue?, entry: PreferenceSchemaEntry? = nil) -> Any {
        guard let value else { return JSONValue.null }
        return Secrets.hides(entry) ? Secrets.mask : value.jsonObject
    }
}
