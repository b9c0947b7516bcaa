import ArgumentParser
import PrefsKit
import PrefsTools

/// `prefs read [SUITE [KEY]]`: a bare value, a whole suite as `key = value` lines, or every suite.
struct Read: RevealingCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print a value, every stored value of a suite, or of every suite.",
        discussion: """
            With a key, prints the bare value: strings as they are, numbers, true/false, dates in ISO 8601, data in \
            base64, arrays and dictionaries as JSON. A key that is not stored prints its schema default. Without a \
            key, prints `key = value` lines; with --path /member/0, the part of the value that JSON Pointer names; \
            `editor.*` for KEY lists the group of keys under `editor.`, as `store.prefixed("editor.")` holds them; \
            without a suite, `suite key = value` lines for every suite. --types \
            names each value's type (`key (int) = 42`); with --json it prints the typed JSON form ({"int": 42}), \
            which keeps integers, reals, dates and data apart.
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).")
    var reveal = false

    @Argument(
        help: "The suite, such as com.example.app; every suite when omitted.", completion: ShellCompletion.suites)
    var suite: String?

    @Argument(help: "The key; every key when omitted.", completion: ShellCompletion.keys)
    var key: String?

    @Flag(name: .customLong("defaults"), help: "Also list schema keys that are not stored, with their defaults.")
    var includeDefaults = false

    @Flag(help: "Name each value's type.")
    var types = false

    @Option(help: ArgumentHelp("Read inside the key's value, at this JSON Pointer (/member/0).", valueName: "pointer"))
    var path: String?

    func validate() throws {
        if path != nil && key == nil { throw ValidationError("--path needs a key.") }
    }

    func perform() throws {
        let context = options.openContext()
        guard let suite else { return try readEverySuite(context) }
        // `editor.*` is a group, unless a key is named so.
        var group: String?
        if let key, let prefix = SuiteListing.group(key),
            try context.storedValues(of: [key], inExistingSuite: suite).isEmpty,
            try context.schema(for: suite)?[key] == nil
        {
            group = prefix
        }
        if let key, group == nil {
            var (value, entry) = try SuiteListing.value(of: key, inSuite: suite, context: context)
            // A secret stays hidden whatever part of it is asked for.
            let hidden = Secrets.hides(entry)
            if let path {
                value = try ValuePath(path).value(in: value)
                entry = nil
            }
            if hidden { return options.json ? Output.json(Secrets.mask) : Output.line(Secrets.mask) }
            if options.json && types { return try Output.typedJSON(value, pretty: false) }
            if options.json { return Output.json(ValueText.json(value)) }
            let type = types ? "\(ValueText.typeName(of: value)) " : ""
            return Output.line(type + ValueText.bare(value, entry: entry))
        }
        let store = try context.existingSuite(suite)
        let schema = try context.schema(for: suite)
        let values = SuiteListing.values(of: store, schema: schema, includeDefaults: includeDefaults, group: group)
        if let group, values.isEmpty {
            throw ToolError(
                "no key of suite \(TextEscaping.quoted(suite)) starts with \(TextEscaping.quoted(group))", code: .noKey)
        }
        if options.json {
            let masked = Secrets.masked(values, schema: schema)
            try types ? Output.typedJSON(masked) : Output.json(masked.mapValues(\.jsonObject), pretty: true)
        } else {
            Output.lines(
                SuiteListing.lines(
                    of: store, schema: schema, includeDefaults: includeDefaults, types: types, group: group))
        }
    }

    /// `prefs read` with no suite: every suite, the ones only a schema declares included.
    private func readEverySuite(_ context: ToolContext) throws {
        var documents: [String: [String: PropertyListValue]] = [:]
        var lines: [String] = []
        for name in try context.suiteNames() {
            let store = try context.existingSuite(name)
            let schema = try context.schema(for: name)
            if options.json {
                documents[name] = Secrets.masked(
                    SuiteListing.values(of: store, schema: schema, includeDefaults: includeDefaults), schema: schema)
            } else {
                let suiteLines = SuiteListing.lines(
                    of: store, schema: schema, includeDefaults: includeDefaults, types: types)
                lines += suiteLines.map { "\(ValueText.key(name)) \($0)" }
            }
        }
        guard options.json else { return Output.lines(lines) }
        try types
            ? Output.typedJSON(documents)
            : Output.json(documents.mapValues { $0.mapValues(\.jsonObject) }, pretty: true)
    }
}
