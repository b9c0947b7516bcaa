public import Configuration
public import PrefsKit

extension PreferenceSchema {
    /// The schema's defaults as a swift-configuration provider, to put after every other provider, so that a
    /// `ConfigReader` falls back to the defaults the app declared once, in its keys, rather than to defaults repeated
    /// at each call site.
    ///
    /// ```swift
    /// let config = ConfigReader(providers: [
    ///     EnvironmentVariablesProvider(),
    ///     try PrefsProvider(suite: "com.example.server", schema: schema),
    ///     schema.defaultsProvider(),
    /// ])
    /// ```
    ///
    /// A key whose default cannot be a configuration value (a dictionary, a Codable value, an Optional's `nil`) is
    /// left out; secret keys' defaults are marked `isSecret`.
    ///
    /// - Returns: An in-memory provider named after the suite.
    public func defaultsProvider() -> InMemoryProvider {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for entry in entries {
            guard let value = entry.defaultValue, let content = ConfigContent(value) else { continue }
            values[
                AbsoluteConfigKey(entry.id.split(separator: ".", omittingEmptySubsequences: false).map(String.init))] =
                ConfigValue(content, isSecret: entry.isSecret)
        }
        return InMemoryProvider(name: "defaults of \(suite ?? "schema")", values: values)
    }

    /// The schema's keys as a Markdown reference for an app's documentation: each configuration key with its type,
    /// default, summary and description, the choices and range it allows, and whether it is secret or renamed.
    ///
    /// - Returns: Markdown text, one section per key.
    public func configurationReference() -> String {
        var lines: [String] = []
        if let suite { lines += ["# \(suite)", ""] }
        for entry in entries {
            lines.append("## `\(entry.id)`")
            lines.append("")
            if let summary = entry.summary { lines += [summary, ""] }
            if let description = entry.description { lines += [description, ""] }
            var facts = ["- Type: `\(entry.typeName)` (stored as \(entry.storage))"]
            if let value = entry.defaultValue {
                facts.append("- Default: " + (entry.isSecret ? "(secret)" : "`\(value.jsonText())`"))
            }
            if !entry.choices.isEmpty {
                facts.append("- One of: " + entry.choices.map { "`\($0.jsonText())`" }.joined(separator: ", "))
            }
            if let range = entry.range { facts.append("- Range: \(range)") }
            if entry.isSecret { facts.append("- Secret: redacted in logs and in `prefs` unless `--reveal` is given") }
            if !entry.formerIDs.isEmpty {
                facts.append("- Formerly: " + entry.formerIDs.map { "`\($0)`" }.joined(separator: ", "))
            }
            lines += facts + [""]
        }
        return lines.joined(separator: "\n")
    }
}

extension ConfigContent {
    /// A stored value as the configuration type it naturally is, or `nil` for one that is none (a dictionary, a
    /// mixed array).
    ///
    /// - Parameter value: The stored value.
    init?(_ value: PropertyListValue) {
        let type: ConfigType
        switch value.kind {
        case .bool: type = .bool
        case .int: type = .int
        case .double: type = .double
        case .string, .date: type = .string
        case .data: type = .bytes
        case .array(.bool): type = .boolArray
        case .array(.int): type = .intArray
        case .array(.double): type = .doubleArray
        case .array(.string), .array(.date): type = .stringArray
        case .array(.data): type = .byteChunkArray
        default: return nil
        }
        self.init(value, as: type)
    }
}
