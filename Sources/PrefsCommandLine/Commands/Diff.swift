import ArgumentParser
import PrefsTools

/// `prefs diff SUITE [--against FILE]`: what differs from the defaults, or from an exported file.
struct Diff: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what a suite changes from its schema's defaults, or from an exported file.",
        discussion: """
            Lines start with ~ for a changed value, + for a key only the suite holds, - for a key only the file \
            holds, and ! for a stored value the schema does not accept.
            """)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Option(help: "Compare with this property list or JSON file instead of the defaults.") var against: String?
    @Flag(help: "Exit with status 1 when there are differences, as diff(1) does.") var exitCode = false

    func perform() throws {
        let diff = try SuiteDiff.of(options.suite, against: against, in: options.openContext())
        options.json ? Output.json(diff.jsonObjects, pretty: true) : Output.lines(diff.lines)
        if exitCode && !diff.differences.isEmpty { throw ExitCode.failure }
    }
}
