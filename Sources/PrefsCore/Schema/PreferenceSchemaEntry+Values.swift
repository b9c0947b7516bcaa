#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - API

extension PreferenceSchemaEntry {
    /// Parses text typed by a user into the stored form of a value for this key, checking its kind, choices, range
    /// and, for an entry built from a Swift key, that it decodes as the key's type.
    ///
    /// Codable values and collections are typed as JSON, dates as ISO 8601, data as base64, enumerations as their
    /// raw value. This reads back what ``render(_:)`` writes.
    ///
    /// - Parameter text: The text.
    /// - Returns: The value to store.
    /// - Throws: ``PreferenceSchemaError`` naming the key and what is wrong.
    public func parse(_ text: String) throws(PreferenceSchemaError) -> PropertyListValue {
        let value: PropertyListValue
        do {
            value = try parsePrimitive(text)
        } catch {
            throw .invalidValue(
                key: id,
                isSecret
                    ? PropertyListValueParseError(
                        expected: error.expected, input: Self.secretMask, reason: error.reason) : error)
        }
        try validate(value)
        return value
    }

    /// Checks that a stored-form value is allowed for this key.
    ///
    /// - Parameter value: The value.
    /// - Throws: ``PreferenceSchemaError`` naming the key and what is wrong.
    public func validate(_ value: PropertyListValue) throws(PreferenceSchemaError) {
        guard storage.accepts(value.kind) else {
            let error = PropertyListValueParseError(
                expected: storage, input: shownInErrors(value), reason: "is not \(storage.article)")
            throw .invalidValue(key: id, error)
        }
        if !choices.isEmpty, !choices.contains(value) {
            throw .notAChoice(key: id, value: shownInErrors(value), choices: choices.map(\.text))
        }
        if let range, !range.contains(value) {
            throw .outOfRange(key: id, value: shownInErrors(value), range: range)
        }
        if let failure = decoder?(value) {
            throw .undecodable(
                key: id, reason: isSecret ? "\(Self.secretMask) does not decode as \(typeName)" : failure.description)
        }
    }

    /// What a secret value shows as wherever it would be shown: the schema's errors, and every view of `prefs` and
    /// the editor (`Secrets.mask` in PrefsTools).
    public static let secretMask = "••••"

    /// A value as this key's errors name it: the mask for a secret, whose value no message may hold, since errors
    /// reach terminals, logs and other processes' output.
    func shownInErrors(_ value: PropertyListValue) -> String {
        isSecret ? Self.secretMask : value.text
    }

    /// The text a user reads and edits for a stored value: JSON for a Codable value stored as JSON data, and
    /// otherwise ``PropertyListValue/text``.
    ///
    /// - Parameter value: The stored value.
    /// - Returns: The text.
    public func render(_ value: PropertyListValue) -> String {
        if kind == .codable, case .data(let data) = value, let json = Self.jsonText(data) { return json }
        return value.text
    }

    /// Why a stored value reads as it does for this key, as the editor's status mark and `prefs diff` show it.
    ///
    /// A value outside the key's choices or range is reported as undecodable although a read returns it: no write
    /// through the schema could have stored it.
    ///
    /// - Parameter stored: What the store holds, if anything.
    /// - Returns: The status.
    public func status(of stored: PropertyListValue?) -> PersistentValueStatus {
        guard let stored else { return .absent }
        guard storage.accepts(stored.kind) else { return .wrongType(expected: storage, found: stored) }
        if let failure = decoder?(stored) { return PersistentValueStatus(failure) }
        if !choices.isEmpty, !choices.contains(stored) {
            let allowed = choices.map(\.text).joined(separator: ", ")
            return .undecodable(stored: stored, reason: "\(shownInErrors(stored)) is not one of \(allowed)")
        }
        // Like a value outside the choices, one outside the range is read back, but no write through the schema
        // could have stored it.
        if let range, !range.contains(stored) {
            return .undecodable(stored: stored, reason: "\(shownInErrors(stored)) is out of range \(range)")
        }
        return .ok
    }

    private func parsePrimitive(_ text: String) throws(PropertyListValueParseError) -> PropertyListValue {
        guard kind == .codable else { return try PropertyListValue(parsing: text, as: storage) }
        // A Codable value is typed as JSON whatever its stored form; JSON data and JSON strings are stored compactly.
        let json = try PropertyListValue(jsonText: text.trimmingWhiteSpace(includingNewlines: true), as: nil)
        switch storage {
        case .data: return .data(Data(json.jsonText().utf8))
        case .string: return .string(json.jsonText())
        default: return try json.coerced(to: storage)
        }
    }

    private static func jsonText(_ data: Data) -> String? {
        guard let json = [UInt8](data).withUnsafeBufferPointer({ JSONValue.parse($0) }),
            let value = try? PropertyListValue(json: json, as: nil)
        else { return nil }
        return value.jsonText()
    }
}
