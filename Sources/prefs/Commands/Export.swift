import ArgumentParser
import Foundation

/// `prefs export SUITE`: the stored values as a property list or JSON.
struct Export: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a suite's stored values as an XML property list or a JSON object.",
        discussion: "The property list keeps every type; JSON writes dates and data as strings.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    @Option(help: "plist or json (default: plist, or json with --json).")
    var format: Format?

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var output: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case plist, json
    }

    func perform() throws {
        try Context(options).requireFiles(for: "export")
        let suite = try Context(options).existingSuite(suite)
        let chosen: SuiteDocument.Format = (format ?? (options.json ? .json : .plist)) == .json ? .json : .plist
        // Both formats hold no raw control character (XML writes references, JSON escapes), so the output is as safe
        // on a terminal as in a file.
        let data = try SuiteDocument.encode(suite.primitiveValues(), as: chosen)
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
