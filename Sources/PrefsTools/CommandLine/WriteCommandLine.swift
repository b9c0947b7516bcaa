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
        guard arguments.first == "write" else { return nil }
        var positional: [String] = []
        var options: [String: String] = [:]
        var force = false
        var json = false
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                positional += arguments[(index + 1)...]
                break
            } else if word == "--force" {
                force = true
            } else if word == "--json" {
                json = true
            } else if ["--config-dir", "--store", "--type", "-t"].contains(word) {
                let name = word == "-t" ? "--type" : word
                guard index + 1 < arguments.count, options[name] == nil else { return nil }
                options[name] = arguments[index + 1]
                index += 1
            } else if word.hasPrefix("-") && !ValueText.isNegativeNumber(word) {
                return nil
            } else {
                positional.append(word)
            }
            index += 1
        }
        let type = options["--type"].map(ValueText.ValueType.init(rawValue:))
        guard positional.count == 3, type != .some(nil) else { return nil }
        self.init(
            configDir: options["--config-dir"], store: options["--store"],
            request: WriteRequest(
                suite: positional[0], key: positional[1], value: positional[2], type: type ?? nil, force: force),
            json: json)
    }
}
