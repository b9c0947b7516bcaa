import Foundation
import PrefsStores
import PrefsTools

/// `prefs write` read without argument-parser, for the plain forms.
///
/// Setting up argument-parser's command tree costs a protocol-conformance scan of this large static binary for
/// every command and option, about 3 ms of a 6 ms `prefs write`; scripts and other programs call `prefs write` in
/// loops, and it is the writer in the latency comparison with `dconf write`. A test checks that every form gives the
/// same request both ways.
struct FastWrite: Equatable {
    var configDir: String?
    var store: String?
    var request: WriteRequest
    var json = false

    /// Reads `write [--config-dir DIR] [--store URL] [--type|-t TYPE] [--force] [--json] [--] SUITE KEY VALUE`, in
    /// any order, or returns `nil` for anything else: help, errors and anything unusual go through argument-parser,
    /// which gives the usual messages.
    init?(arguments: [String]) {
        guard arguments.first == "write" else { return nil }
        var positional: [String] = []
        var options: [String: String] = [:]
        var type: ValueText.ValueType?
        var force = false
        var json = false
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--":
                positional += arguments[(index + 1)...]
                index = arguments.count
                continue
            case "--config-dir", "--store":
                guard let next, options[argument] == nil else { return nil }
                options[argument] = next
                index += 1
            case "--type", "-t":
                guard let next, type == nil, let parsed = ValueText.ValueType(rawValue: next) else { return nil }
                type = parsed
                index += 1
            case "--force": force = true
            case "--json": json = true
            default:
                guard !argument.hasPrefix("-") || ValueText.isNegativeNumber(argument) else { return nil }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 3 else { return nil }
        self.init(
            configDir: options["--config-dir"], store: options["--store"],
            request: WriteRequest(
                suite: positional[0], key: positional[1], value: positional[2], type: type, force: force),
            json: json)
    }

    init(configDir: String?, store: String?, request: WriteRequest, json: Bool) {
        self.configDir = configDir
        self.store = store
        self.request = request
        self.json = json
    }

    /// Writes the value.
    ///
    /// - Throws: ``PrefsTools/ToolError`` or the store's error; nothing is written then.
    func perform() throws {
        let context = StoreResolver.context(
            configDirectory: StoreResolver.configDirectory(configDir), storeURL: store)
        try request.perform(in: context)
        ChangeReport.print(if: json, suite: request.suite, changed: [request.key])
    }
}
