import ArgumentParser
import PrefsTools

/// `prefs read [SUITE [KEY]]`: a bare value, a whole suite as `key = value` lines, or every suite.
struct Read: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Print a value, every stored value of a suite, or of every suite.",
        discussion: """
            With a key, prints the bare value: strings as they are, numbers, true/false, dates in ISO 8601, data in \
            base64, arrays and dictionaries as JSON. A key that is not stored prints its schema default. Without a \
            key, prints `key = value` lines; with --path /member/0, the part of the value that JSON Pointer names; \
            `editor.*` for KEY lists the group of keys under `editor.`, as `store.prefixed("editor.")` holds them; \
            without a suite, `suite key = value` lines for every suite. --types \
            names each value's type (`key (int) = 42`); with --json it prints the typed JSON form ({"int": 42}), \
            which keeps integers, reals, dates and data apart. A value that is not the user's own is marked after its \
            key: [system] for a system layer (<suite>.plist in $XDG_CONFIG_DIRS), [locked] for a key a <suite>.locks \
            file fixes, [default] for a schema default; --sources says where every value comes from, and with \
            --json gives {"value": …, "source": "system", "file": "/etc/xdg/<suite>.plist"}.
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(
        help: "The suite, such as com.example.app; every suite when omitted.", completion: ShellCompletion.suites)
    var suite: String?
    @Argument(help: "The key; every key when omitted.", completion: ShellCompletion.keys) var key: String?
    @Flag(
        name: [.customLong("all"), .customLong("defaults")],
        help: "Also list schema keys nothing sets, with their defaults.")
    var includeDefaults = false
    @Flag(help: "Say where each value comes from: user, system (with its file), locked, or default.")
    var sources = false
    @Flag(help: "Name each value's type.") var types = false
    @Option(help: ArgumentHelp("Read inside the key's value, at this JSON Pointer (/member/0).", valueName: "pointer"))
    var path: String?

    func validate() throws {
        if path != nil && key == nil { throw ValidationError("--path needs a key.") }
    }

    func perform() throws {
        try ReadRequest(
            suite: suite, key: key, path: path, includeDefaults: includeDefaults, types: types, json: options.json,
            sources: sources
        ).perform(in: options.openContext())
    }
}
