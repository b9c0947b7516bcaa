/// `prefs read` read without argument-parser, for its plain forms.
///
/// As for `write` (``WriteCommandLine``): building argument-parser's command tree scans the large binary's protocol
/// conformances for every command and option, about a third of a `prefs read SUITE KEY`'s time, and scripts read
/// values in loops. A test checks that every form gives the same request both ways.
public struct ReadCommandLine: Equatable, Sendable {
    /// `--config-dir`, when given.
    public var configDir: String?
    /// `--store`, when given.
    public var store: String?
    /// The read.
    public var request: ReadRequest
    /// Whether `--reveal` was given.
    public var reveal: Bool

    /// Creates the command line of a plain read.
    public init(configDir: String?, store: String?, request: ReadRequest, reveal: Bool) {
        self.configDir = configDir
        self.store = store
        self.request = request
        self.reveal = reveal
    }

    /// Reads `read [--config-dir DIR] [--store URL] [--json] [--reveal] [--] SUITE [KEY]`, in any order; fails for
    /// anything else (every suite, `--path`, `--sources`, help, errors), which goes through argument-parser.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    public init?(arguments: [String]) {
        guard arguments.first == "read",
            let words = PlainWords(
                arguments.dropFirst(), flags: ["--json", "--reveal"],
                valued: ["--config-dir": "--config-dir", "--store": "--store"]),
            (1...2).contains(words.operands.count)
        else { return nil }
        self.init(
            configDir: words.options["--config-dir"], store: words.options["--store"],
            request: ReadRequest(
                suite: words.operands[0], key: words.operands.dropFirst().first, json: words.flags.contains("--json")),
            reveal: words.flags.contains("--reveal"))
    }
}
