import ArgumentParser
import PrefsKit
import PrefsTools

/// `prefs migrate SUITE`: applies every rename the suite's schema declares, in one write.
struct Migrate: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move values stored under keys' former names to their names, in one write.",
        discussion: """
            A schema key may list the names it had before ("formerly" in the manifest, formerly: on a Swift key). \
            Reads already fall back to them; this moves each value to the key's name and removes the former names, \
            in one write that `prefs undo` reverts whole. When a key already holds a value, that value wins and the \
            former one is removed, as reads do.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.", completion: ShellCompletion.suites)
    var suite: String

    func perform() throws {
        let moves = try SuiteMigration.migrate(suite, in: options.openContext())
        if options.json {
            return ChangeReport.print(
                if: true, suite: suite, changed: Array(Set(moves.flatMap { [$0.from, $0.to] })).sorted())
        }
        guard !moves.isEmpty else { return Output.note("nothing to migrate in \(TextEscaping.quoted(suite))") }
        Output.lines(
            moves.map { move in
                let (from, to) = (ValueText.key(move.from), ValueText.key(move.to))
                return move.moved ? "\(from) -> \(to)" : "\(from) removed (\(to) already holds a value)"
            })
    }
}
