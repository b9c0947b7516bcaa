import ArgumentParser
import PrefsTools

/// `prefs read [SUITE [KEY]]`: a bare value, a whole suite as `key = value` lines, or every suite.
struct Read: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Print a value, every stored value of a suite, or of every suite.",
        discussion: CommandHelp.read)

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

    /// The read, as the fast path (``PrefsTools/ReadCommandLine``) also reads its plain forms.
    var request: ReadRequest {
        ReadRequest(
            suite: suite, key: key, path: path, includeDefaults: includeDefaults, types: types, json: options.json,
            sources: sources)
    }

    func perform() throws {
        try request.perform(in: options.openContext())
    }
}
