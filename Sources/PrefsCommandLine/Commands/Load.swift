import ArgumentParser
import PrefsCore
import PrefsTools

/// `prefs load FILE`: writes back what `prefs dump` wrote, like `dconf load /`.
struct Load: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "Write the suites of a `prefs dump` document.",
        discussion: """
            Every value of every suite is checked against its schema first; nothing is written when one fails. \
            Each suite is then written in one write. Keys the document does not hold are kept unless --replace. \
            Use - to read standard input.
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The document, or - for standard input.", completion: .file(extensions: ["json"])) var file: String
    @Flag(help: "Remove from each suite the document names the keys it does not hold.") var replace = false
    @Flag(help: "Write keys a schema does not declare.") var force = false

    func perform() throws {
        let context = options.openContext()
        let data = try InputFile.read(file, maximumSize: context.codec.maximumSize)
        let suites = try ConfigurationDump.load(data, named: file, replace: replace, force: force, in: context)
        if options.json { Output.json(suites) }
    }
}
