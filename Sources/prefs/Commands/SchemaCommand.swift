import ArgumentParser
import Foundation
import PrefsKit

/// `prefs schema list|show|install`: the schema manifests installed for the configuration directory.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "List, show and install schema manifests.",
        discussion: """
            Manifests are installed under $XDG_DATA_HOME/prefs/schemas/ (default ~/.local/share), in a folder that \
            belongs to the configuration directory, so two directories never share one.
            """,
        subcommands: [List.self, Show.self, Install.self])

    struct List: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the suites that have a schema.")

        @OptionGroup var options: GlobalOptions

        func perform() throws {
            let suites = Context(options).catalog.suites()
            if options.json { Output.json(suites) } else { Output.lines(suites.map(ValueText.key)) }
        }
    }

    struct Show: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Describe a suite's keys; --json prints the manifest.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The suite.")
        var suite: String

        func perform() throws {
            let context = Context(options)
            try context.checkName(suite)
            guard let schema = try context.schema(for: suite) else {
                throw CLIError("no schema is installed for suite \(TextEscaping.quoted(suite))")
            }
            if options.json {
                FileHandle.standardOutput.write(schema.manifest() + Data("\n".utf8))
                return
            }
            Output.lines(schema.entries.map(Self.describe))
        }

        static func describe(_ entry: PreferenceSchemaEntry) -> String {
            var line = "\(ValueText.key(entry.id)) (\(entry.storage))"
            if let value = entry.defaultValue { line += " = \(ValueText.inline(value, entry: entry))" }
            if !entry.choices.isEmpty {
                line += "  one of: " + entry.choices.map { ValueText.inline($0, entry: entry) }.joined(separator: ", ")
            }
            if let range = entry.range { line += "  range: \(range)" }
            if entry.isDebug { line += "  [debug]" }
            if let summary = entry.summary { line += "  # \(TextEscaping.escaped(summary))" }
            return line
        }
    }

    struct Install: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "install", abstract: "Install a manifest, replacing the suite's earlier one.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The manifest, as `theme-demo schema` prints it.")
        var file: String

        @Option(help: "The suite it describes, when the manifest names none or another.")
        var suite: String?

        func perform() throws {
            let data = try readInputFile(file)
            let (schema, installed) = try Context(options).catalog.install(data, suite: suite)
            Output.note("installed a schema of \(schema.entries.count) keys at \(installed.path)")
        }
    }
}
