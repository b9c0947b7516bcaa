public import PrefsCore

/// What a schema says about one key: `prefs describe` and `prefs range`, like gsettings' `describe` and `range`.
public enum KeyDescription {
    /// A key's schema entry.
    ///
    /// - Throws: ``ToolError`` when the suite has no schema or it does not declare the key.
    public static func entry(_ key: String, inSuite suite: String, context: ToolContext) throws
        -> PreferenceSchemaEntry
    {
        guard let schema = try context.schema(for: suite) else {
            throw ToolError.noSchema(for: suite, hint: "only a schema describes keys")
        }
        guard let entry = schema[key] else {
            throw ToolError(
                "key \(TextEscaping.quoted(key)) is not in the schema of suite \(TextEscaping.quoted(suite))",
                code: .notInSchema)
        }
        return entry
    }

    /// What `prefs describe` does: prints a key's entry, its value and where that comes from (the user, a system layer,
    /// a lock, the default), a user's value a lock makes reads ignore, and the format of the suite's file.
    ///
    /// A key no schema declares is described by its value and source alone, when something sets or locks it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: The suite.
    ///   - json: Whether to print the manifest's JSON object (with `value`, `source`, `file`, `ignored` and `format`)
    ///     rather than lines (ending `file: …`).
    ///   - context: The store and its schemas.
    /// - Throws: ``ToolError`` when the suite has no schema or it does not declare the key, and nothing sets it.
    public static func print(_ key: String, inSuite suite: String, json: Bool, in context: ToolContext) throws {
        let layers = try context.systemLayers(ofSuite: suite)
        let current = try? SuiteListing.value(of: key, inSuite: suite, context: context)
        let entry: PreferenceSchemaEntry?
        do {
            entry = try self.entry(key, inSuite: suite, context: context)
        } catch  where current != nil {
            entry = nil
        }
        let hidden = Secrets.hides(entry ?? current?.entry)
        // What the user's file holds under a lock is kept but never read; a person should know it is there.
        let ignored =
            layers.locks.lock(forKey: key) == nil ? nil : try context.currentValues(of: [key], inSuite: suite)[key]
        let format = format(ofSuite: suite, context: context)
        let unexpanded = (try? context.store(creating: false))?.flatMap { try? $0.anySuite(suite) }?
            .unexpandedText(forKey: key)
        if json {
            var object = entry.map(jsonObject) ?? [:]
            if let current {
                object["value"] = hidden ? Secrets.mask : current.value.jsonObject
                object.merge(current.source.jsonObject) { $1 }
            }
            if let ignored { object["ignored"] = hidden ? Secrets.mask : ignored.jsonObject }
            if let unexpanded { object["unexpanded"] = hidden ? Secrets.mask : unexpanded }
            object["format"] = format?.name
            return Output.json(object, pretty: true)
        }
        var lines = entry.map(lines) ?? []
        if let current {
            let text = hidden ? Secrets.mask : ValueText.inline(current.value, entry: entry)
            lines += ["value: \(text)", "source: \(current.source.description)"]
        }
        if let ignored {
            let text = hidden ? Secrets.mask : ValueText.inline(ignored, entry: entry)
            lines.append("ignored: the user's value \(text); the lock fixes the key")
        }
        if let unexpanded {
            let text = hidden ? Secrets.mask : ValueText.inline(.string(unexpanded), entry: nil)
            lines.append("stored as: \(text), its variables expanded when read")
        }
        lines += layers.problems.map { "problem: \($0)" }
        Output.lines(lines + (format.map { ["file: \($0.description)"] } ?? []))
    }

    /// The entry for people: summary, description, type, default, and what values it takes.
    public static func lines(_ entry: PreferenceSchemaEntry) -> [String] {
        var lines: [String] = []
        if let summary = entry.summary { lines.append(TextEscaping.escaped(summary)) }
        if let description = entry.description { lines.append(TextEscaping.escaped(description)) }
        lines.append("type: \(entry.storage)" + (entry.typeName != "\(entry.storage)" ? " (\(entry.typeName))" : ""))
        lines.append("default: " + (entry.defaultValue.map { ValueText.inline($0, entry: entry) } ?? "(none)"))
        lines += rangeLines(entry).map { "allowed: \($0)" }
        if entry.isDebug { lines.append("debug key: fixed to its release default in release builds") }
        if entry.isVolatile { lines.append("volatile: left out of prefs dump --non-default") }
        return lines
    }

    /// The values a key takes, as gsettings' `range` prints them: `enum` then one choice per line, `range int 0 10`,
    /// or `type int`.
    public static func rangeLines(_ entry: PreferenceSchemaEntry) -> [String] {
        if !entry.choices.isEmpty { return ["enum"] + entry.choices.map { ValueText.inline($0, entry: entry) } }
        switch entry.range {
        case .integer(let range)?: return ["range int \(range.lowerBound) \(range.upperBound)"]
        case .real(let range)?: return ["range float \(range.lowerBound) \(range.upperBound)"]
        case nil: return ["type \(entry.storage)"]
        }
    }

    /// The format a suite is kept in, for a store whose suites are documents (the file store): "binary property
    /// list" or "XML property list"; `nil` for other stores and for a store that does not exist yet.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - context: The store.
    /// - Returns: The format's name (`binary`) and its description.
    public static func format(ofSuite suite: String, context: ToolContext) -> (name: String, description: String)? {
        guard let store = try? context.store(creating: false), let document = try? store.anySuite(suite).document
        else { return nil }
        return (document.documentFormat, document.documentFormatDescription)
    }

    /// The entry as JSON: what the schema manifest records for it.
    public static func jsonObject(_ entry: PreferenceSchemaEntry) -> [String: Any] {
        PreferenceSchema.manifestObject(entry)
    }
}
