import ArgumentParser
import Foundation
import PrefsTools

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
    var format: SuiteDocument.Format?

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var output: String?

    func perform() throws {
        let chosen = format ?? (options.json ? .json : .plist)
        let data = try SuiteTransfer.export(suite, as: chosen, in: options.context)
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
