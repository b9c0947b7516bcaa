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
        guard arguments.first == "read" else { return nil }
        var positional: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                positional += arguments[(index + 1)...]
                break
            } else if word == "--json" || word == "--reveal" {
                flags.insert(word)
            } else if CommandOptions.global.contains(word) {
                guard index + 1 < arguments.count, options[word] == nil else { return nil }
                options[word] = arguments[index + 1]
                index += 1
            } else if word.hasPrefix("-") {
                return nil
            } else {
                positional.append(word)
            }
            index += 1
        }
        guard (1...2).contains(positional.count) else { return nil }
        self.init(
            configDir: options["--config-dir"], store: options["--store"],
            request: ReadRequest(
                suite: positional[0], key: positional.count == 2 ? positional[1] : nil,
                json: flags.contains("--json")),
            reveal: flags.contains("--reveal"))
    }
}
