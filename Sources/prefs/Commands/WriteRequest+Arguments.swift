import Foundation

extension WriteRequest {
    /// Reads the plain forms of `prefs write` without argument-parser, or returns `nil` for anything else.
    ///
    /// Setting up argument-parser's command tree costs a protocol-conformance scan of this large static binary for
    /// every command and option, about 3 ms of a 6 ms `prefs write`; scripts and other programs call `prefs write`
    /// in loops, and it is the writer in the latency comparison with `dconf write`. Only these forms are read here:
    /// `write [--config-dir DIR] [--type|-t TYPE] [--force] [--json] [--] SUITE KEY VALUE`, in any order. Help,
    /// errors and anything unusual return `nil` and go through argument-parser, which gives the usual messages.
    init?(arguments: [String]) {
        guard arguments.first == "write" else { return nil }
        var positional: [String] = []
        var configDir: String?
        var type: ValueText.ValueType?
        var force = false
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--":
                positional += arguments[(index + 1)...]
                index = arguments.count
                continue
            case "--config-dir":
                guard let next, configDir == nil else { return nil }
                configDir = next
                index += 1
            case "--type", "-t":
                guard let next, type == nil, let parsed = ValueText.ValueType(rawValue: next) else { return nil }
                type = parsed
                index += 1
            case "--force": force = true
            case "--json": break
            default:
                guard !argument.hasPrefix("-") else { return nil }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 3 else { return nil }
        self.init(
            configDirectory: GlobalOptions.configDirectory(configDir), suite: positional[0], key: positional[1],
            value: positional[2], type: type, force: force)
    }
}
