import ArgumentParser
import PrefsFileStore
import PrefsKit

/// `prefs read SUITE [KEY]`: a bare value, or the whole suite as `key = value` lines.
struct Read: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print a value, or every stored value of a suite.",
        discussion: """
            With a key, prints the bare value: strings as they are, numbers, true/false, dates in ISO 8601, data in \
            base64, arrays and dictionaries as JSON. A key that is not stored prints its schema default. Without a \
            key, prints `key = value` lines.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite, such as com.example.app.")
    var suite: String

    @Argument(help: "The key; every key when omitted.")
    var key: String?

    @Flag(name: .customLong("defaults"), help: "Also list schema keys that are not stored, with their defaults.")
    var includeDefaults = false

    func perform() throws {
        let context = Context(options)
        let store = try context.existingAnySuite(suite)
        let schema = try context.schema(for: suite)
        if let key {
            try printValue(of: key, in: store, schema: schema)
        } else {
            printSuite(store, schema: schema)
        }
    }

    private func printValue(of key: String, in store: any PersistentKeyValueStore, schema: PreferenceSchema?) throws {
        let entry = schema?[key]
        guard let value = store.primitiveValue(forKey: key) ?? entry?.defaultValue else {
            if entry != nil { throw CLIError("key \(TextEscaping.quoted(key)) has no value and no default") }
            throw CLIError("unknown key \(TextEscaping.quoted(key)) in suite \(TextEscaping.quoted(suite))")
        }
        if options.json {
            Output.json(ValueText.json(value))
        } else {
            Output.line(ValueText.bare(value, entry: entry))
        }
    }

    private func printSuite(_ store: any PersistentKeyValueStore, schema: PreferenceSchema?) {
        var values = store.primitiveValues()
        if includeDefaults, let schema {
            for entry in schema.entries where values[entry.id] == nil {
                if let value = entry.defaultValue { values[entry.id] = value }
            }
        }
        if options.json {
            Output.json(values.mapValues(\.jsonObject), pretty: true)
        } else {
            // A file suite lists every key it holds by its exact bytes, two keys that differ only in Unicode
            // normalisation included, which a Swift dictionary of values would fold into one.
            var keys = (store as? FileSuite)?.sortedKeys() ?? store.primitiveValues().keys.sorted()
            if includeDefaults, let schema {
                let stored = store.primitiveValues()
                keys = (keys + schema.entries.map(\.id).filter { stored[$0] == nil && values[$0] != nil }).sorted()
            }
            Output.lines(
                keys.compactMap { key in
                    (store.primitiveValue(forKey: key) ?? values[key]).map {
                        "\(ValueText.key(key)) = \(ValueText.inline($0, entry: schema?[key]))"
                    }
                })
        }
    }
}
