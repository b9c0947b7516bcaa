/// Why a schema could not be built or loaded, or why text could not be read as a key's value.
///
/// Its ``description`` is one line naming the key and what is wrong, ready to show a user.
public enum PreferenceSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The same key is declared twice with the same type.
    case duplicateKey(String)
    /// The same key is declared twice with different types.
    case conflictingTypes(key: String, first: String, second: String)
    /// The schema declares no such key.
    case unknownKey(String)
    /// The text is not a value of the key's kind.
    case invalidValue(key: String, PropertyListValueParseError)
    /// The value lies outside the key's range.
    case outOfRange(key: String, value: String, range: PreferenceValueRange)
    /// The value is not one of the key's choices.
    case notAChoice(key: String, value: String, choices: [String])
    /// The value has the right shape but does not decode as the key's type.
    case undecodable(key: String, reason: String)
    /// A manifest is not valid.
    case invalidManifest(String)

    public var description: String {
        switch self {
        case .duplicateKey(let key):
            "key \(quoted(key)) is declared twice"
        case .conflictingTypes(let key, let first, let second):
            "key \(quoted(key)) is declared as both \(first) and \(second)"
        case .unknownKey(let key):
            "unknown key \(quoted(key))"
        case .invalidValue(let key, let error):
            "invalid value for \(quoted(key)): \(error)"
        case .outOfRange(let key, let value, let range):
            "invalid value for \(quoted(key)): \(value) is out of range \(range)"
        case .notAChoice(let key, let value, let choices):
            "invalid value for \(quoted(key)): \(quoted(value)) is not one of \(choices.map(quoted).joined(separator: ", "))"
        case .undecodable(let key, let reason):
            "invalid value for \(quoted(key)): \(TextEscaping.escaped(reason))"
        case .invalidManifest(let reason):
            "invalid schema manifest: \(TextEscaping.escaped(reason))"
        }
    }

    private func quoted(_ text: String) -> String {
        TextEscaping.quoted(text, limit: 80)
    }
}
