import ArgumentParser
import PrefsCore
import PrefsTools

/// `prefs import SUITE FILE`: many values in one atomic write.
struct Import: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a property list or JSON file into a suite, or replace the suite's keys.",
        discussion: """
            The file is read and every value checked against the suite's schema first; then all keys are written \
            with one lock and one rename, so other processes see the whole import or none of it. Use - to read \
            standard input.
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The suite; created when it does not exist.", completion: ShellCompletion.suites) var suite: String
    @Argument(help: "The file to import, or - for standard input.", completion: .file()) var file: String
    @Flag(help: "Remove the keys the file does not hold.") var replace = false
    @Flag(help: "Import keys the suite's schema does not declare.") var force = false

    func perform() throws {
        let context = options.openContext()
        let data = try InputFile.read(file, maximumSize: context.codec.maximumSize)
        let changes = try SuiteTransfer.importDocument(
            data, named: file, into: suite, replace: replace, force: force, in: context)
        ChangeReport.print(if: options.json, suite: suite, changed: changes.map(\.key))
    }
}
