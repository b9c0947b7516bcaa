import ArgumentParser
import PrefsTools

/// `prefs migrate SUITE`: applies every rename the suite's schema declares, in one write.
struct Migrate: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Move values stored under keys' former names to their names, in one write.",
        discussion: """
            A schema key may list the names it had before ("formerly" in the manifest, formerly: on a Swift key). \
            Reads already fall back to them; this moves each value to the key's name and removes the former names, \
            in one write that `prefs undo` reverts whole. When a key already holds a value, that value wins and the \
            former one is removed, as reads do.
            """)

    @OptionGroup var options: SuiteOptions

    func perform() throws {
        try SuiteMigration.migrate(options.suite, in: options.openContext()).print(
            suite: options.suite, json: options.json)
    }
}
