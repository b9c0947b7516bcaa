import ArgumentParser
import PrefsStores
import PrefsTools

/// `prefs write SUITE KEY VALUE`: one typed, checked, journaled write; with `--array-add`, `--dict-add` or `--path`,
/// a change to part of an array or dictionary.
struct Write: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "write", abstract: "Write a value, or add to an array or dictionary.",
        discussion: CommandHelp.write)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The suite; created by its first write.", completion: ShellCompletion.suites) var suite: String
    @Argument(help: "The key.", completion: ShellCompletion.keys) var key: String
    @Argument(
        help: ArgumentHelp(
            "The value, as text (JSON for --type json); several with --array-add and --dict-add.", valueName: "value"),
        completion: ShellCompletion.values)
    var values: [String] = []
    @Option(name: [.customShort("t"), .long], help: "The value's type when no schema gives it.")
    var type: ValueText.ValueType?
    @Flag(help: "Write a key the suite's schema does not declare.") var force = false
    @Flag(help: "Append the values to the array the key holds.") var arrayAdd = false
    @Flag(help: "Set the members named to the values given (name value name value...).") var dictAdd = false
    @Option(help: ArgumentHelp("Write inside the value, at this JSON Pointer (/member/0).", valueName: "pointer"))
    var path: String?
    @Option(help: ArgumentHelp("Keep the suite's file as xml or binary.", valueName: "format")) var format: String?
    @Option(
        help: ArgumentHelp(
            "Read the value from a file (- for standard input), less one final line feed: for values longer than a "
                + "command line may hold.", valueName: "file"))
    var valueFile: String?

    func validate() throws {
        if [arrayAdd, dictAdd, path != nil].filter({ $0 }).count > (format == nil ? 1 : 0) {
            throw ValidationError("Give one of --array-add, --dict-add and --path, and --format only without them.")
        }
        if dictAdd && values.count % 2 != 0 {
            throw ValidationError("--dict-add takes names and values in pairs; \(values.count) words were given.")
        }
        if !arrayAdd && !dictAdd && values.count > 1 {
            // kwriteconfig's shape, `--group General --key ColorScheme`, typed as words: KConfig names the key whole.
            if values.count == 2, StoreResolver.namesKConfig(options.store) {
                throw ValidationError(
                    "KConfig names a key GROUP/KEY: prefs --store kconfig write \(ShellWord.shown(suite)) "
                        + "\(ShellWord.shown(key + "/" + values[0])) \(ShellWord.shown(values[1]))")
            }
            throw ValidationError("Give one value, or use --array-add or --dict-add for several.")
        }
        if valueFile != nil && (!values.isEmpty || arrayAdd || dictAdd || path != nil) {
            throw ValidationError("--value-file gives the value of a plain write: give no value beside it.")
        }
        if valueFile == nil && values.isEmpty {
            throw ValidationError("Give a value, or --value-file FILE.")
        }
    }

    /// The plain write, as the fast path (``PrefsTools/WriteCommandLine``) also reads it.
    var request: WriteCommandLine {
        WriteCommandLine(
            configDir: options.configDir, store: options.store,
            request: WriteRequest(
                suite: suite, key: key, value: values.first ?? "", type: type, force: force, format: format),
            json: options.json)
    }

    func perform() throws {
        if let valueFile {
            var write = request
            write.request.value = try ValueFile.text(of: valueFile)
            return try write.perform()
        }
        let part: SuiteEdit.PartOfValue? = arrayAdd ? .arrayAdd : dictAdd ? .dictAdd : path.map { .path($0) }
        guard let part else { return try request.perform() }
        try SuiteEdit(suite: suite, context: options.openContext())
            .write(part, values, toKey: key, type: type, force: force)
        ChangeReport.print(if: options.json, suite: suite, changed: [key])
    }
}
