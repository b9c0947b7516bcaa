import ArgumentParser
import PrefsTools

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
        let context = options.context
        if let key {
            let (value, entry) = try SuiteListing.value(of: key, inSuite: suite, context: context)
            return options.json ? Output.json(ValueText.json(value)) : Output.line(ValueText.bare(value, entry: entry))
        }
        let store = try context.existingSuite(suite)
        let schema = try context.schema(for: suite)
        if options.json {
            let values = SuiteListing.values(of: store, schema: schema, includeDefaults: includeDefaults)
            Output.json(values.mapValues(\.jsonObject), pretty: true)
        } else {
            Output.lines(SuiteListing.lines(of: store, schema: schema, includeDefaults: includeDefaults))
        }
    }
}
