/// `prefs write` read without argument-parser, for its plain forms.
///
/// Setting up argument-parser's command tree costs a protocol-conformance scan of the large static binary for every
/// command and option, about 3 ms of a 6 ms `prefs write`; scripts and other programs call `prefs write` in loops,
/// and it is the writer in the latency comparison with `dconf write`. A test checks that every form gives the same
/// request both ways.
public struct WriteCommandLine: Equatable, Sendable {
    /// `--config-dir`, when given.
    public var configDir: String?
    /// `--store`, when given.
    public var store: String?
    /// The write.
    public var request: WriteRequest
    /// Whether `--json` was given.
    public var json = false

    /// Creates the command line of a plain write.
    public init(configDir: String?, store: String?, request: WriteRequest, json: Bool) {
        self.configDir = configDir
        self.store = store
        self.request = request
        self.json = json
    }

    /// Reads `write [--config-dir DIR] [--store URL] [--type|-t TYPE] [--force] [--json] [--] SUITE KEY VALUE`, in
    /// any order; fails for anything else: help, errors and anything unusual go through argument-parser, which gives
    /// the usual messages.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    public init?(arguments: [String]) {
        guard arguments.first == "write",
            let words = PlainWords(
                arguments.dropFirst(), flags: ["--force", "--json"],
                valued: ["--config-dir": "--config-dir", "--store": "--store", "--type": "--type", "-t": "--type"],
                isOperand: ValueText.isNegativeNumber)
        else { return nil }
        let type = words.options["--type"].map(ValueText.ValueType.init(rawValue:))
        guard words.operands.count == 3, type != .some(nil) else { return nil }
        let (suite, key, value) = (words.operands[0], words.operands[1], words.operands[2])
        self.init(
            configDir: words.options["--config-dir"], store: words.options["--store"],
            request: WriteRequest(
                suite: suite, key: key, value: value, type: type ?? nil, force: words.flags.contains("--force")),
            json: words.flags.contains("--json"))
    }
}
