package import PrefsCore
package import PrefsGLib
import PrefsSystem
import SystemPackage

extension FlatpakSettings {
    /// The keyfile with changes made as GLib's keyfile backend makes them.
    ///
    /// As `set_to_keyfile`: each value printed as `g_variant_print` prints it without types, in its schema's group;
    /// a key reset is removed. Every other line is kept byte for byte.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to reset it.
    ///   - id: The schema's id.
    ///   - path: The path of a relocatable schema's instance; a fixed schema's own when `nil`.
    ///   - suite: The suite's name, for errors.
    ///   - environment: Where `HOME` is read, for errors.
    /// - Returns: The keyfile to write; a new one when the app has none yet.
    /// - Throws: ``FlatpakSettingsError`` when the schema, a key or a value is refused, or GLib stops reading the
    ///   keyfile before its end; nothing is to be written then.
    package func edited(
        _ changes: [String: PropertyListValue?], ofSchema id: String, path: String? = nil, suite: String,
        environment: [String: String] = ProcessEnvironment.current
    ) throws(FlatpakSettingsError) -> GLibKeyfile {
        guard let schema = schemas.schema(id), let path = path ?? schema.path else {
            throw .noSchema(app: app.id, schema: id)
        }
        var keyfile = self.keyfile ?? GLibKeyfile([])
        if let problem = keyfile.problem {
            throw .unreadableKeyfile(path: app.settingsFile(environment: environment).string, reason: problem)
        }
        let group = Self.group(forPath: path)
        for name in changes.keys.sorted() {
            guard schema.hasKey(name) else { throw .unknownKey(suite: suite, key: name) }
            guard let value = changes[name] ?? nil else {
                keyfile.remove(group: group, key: name)
                continue
            }
            guard let key = schema.key(name) else {
                throw .invalidValue(suite: suite, key: name, reason: "its schema cannot be read here")
            }
            keyfile.set(group: group, key: name, value: try Self.text(value, for: key, suite: suite))
        }
        return keyfile
    }

    /// A value as the keyfile holds it, checked as GSettings checks a write: its type, then its range, choices or
    /// flags.
    static func text(_ value: PropertyListValue, for key: CompiledSchemaKey, suite: String) throws(FlatpakSettingsError)
        -> String
    {
        try checked(value, for: key, suite: suite).text
    }

    /// A value as a GVariant of its key's type, checked as GSettings checks a write: its type, then its range,
    /// choices or flags.
    static func checked(_ value: PropertyListValue, for key: CompiledSchemaKey, suite: String)
        throws(FlatpakSettingsError) -> Variant
    {
        let variant: Variant
        do {
            variant = try VariantConversion.variant(from: value, type: key.type.string)
        } catch {
            throw .invalidValue(suite: suite, key: key.name, reason: "\(error)")
        }
        let bytes = variant.serializedBytes
        if let serialized = SerializedVariant(type: key.type, buffer: bytes, range: 0..<bytes.count),
            key.allows(serialized) == false
        {
            throw .invalidValue(suite: suite, key: key.name, reason: outside(variant.text, key.allowed))
        }
        return variant
    }

    /// Why a value of the right type is refused, in the GSettings store's words.
    private static func outside(_ text: String, _ allowed: CompiledSchemaKey.Allowed) -> String {
        switch allowed {
        case .choices(let strings): "\(text) is not one of \(strings.map { "'\($0)'" }.joined(separator: ", "))"
        case .flags(let flags):
            "\(text) holds a flag the schema does not declare (flags: \(flags.joined(separator: ", ")))"
        case .range(let low, let high):
            "\(text) is out of range \(Self.number(low))...\(Self.number(high))"
        case .any: "\(text) is not allowed by the schema"
        }
    }

    private static func number(_ end: SerializedVariant) -> String {
        if let integer = end.integer { return "\(integer)" }
        return end.double.map { "\($0)" } ?? "?"
    }

    /// Replaces the app's keyfile with an edited one, as GLib does (`g_file_replace_contents`): a new file beside
    /// it renamed over it, readable by the owner alone, or with the mode the file had; its folders made when missing.
    ///
    /// - Parameters:
    ///   - keyfile: The keyfile to write.
    ///   - environment: Where `HOME` is read.
    /// - Throws: ``FlatpakSettingsError/writeFailed(path:reason:)``; the file is then as it was.
    package func replace(with keyfile: GLibKeyfile, environment: [String: String] = ProcessEnvironment.current)
        throws(FlatpakSettingsError)
    {
        let file = app.settingsFile(environment: environment)
        do {
            try FileSystem.createDirectory(file.removingLastComponent())
            // The mode the file has is kept; a new one is the owner's alone, as GLib makes it.
            let mode = (try? Stat(file))?.permissions ?? [.ownerReadWrite]
            try AtomicFile.write(keyfile.bytes, to: file, permissions: mode)
        } catch {
            throw .writeFailed(path: file.string, reason: "\(error)")
        }
    }
}
