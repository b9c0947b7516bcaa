import ArgumentParser
import Foundation
import PrefsKit
import PrefsTools

/// `prefs schema list|show|install|uninstall`: the schema manifests of the store's suites.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "List, show, install and uninstall schema manifests.",
        discussion: """
            For a configuration directory, manifests are installed under $XDG_DATA_HOME/prefs/schemas/ (default \
            ~/.local/share), in a folder that belongs to the directory, so two directories never share one. For a \
            PostgreSQL store they are kept in the database, so every machine sees the same ones.
            """,
        subcommands: [List.self, Show.self, Install.self, Uninstall.self])

    struct List: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the suites that have a schema.")

        @OptionGroup var options: GlobalOptions

        func perform() throws {
            let suites = try options.openContext().schemas().schemaSuites()
            options.json ? Output.json(suites) : Output.lines(suites.map(ValueText.key))
        }
    }

    struct Show: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Describe a suite's keys with their descriptions; --json prints the manifest.",
            discussion: """
                --format json-schema prints a JSON Schema (draft 2020-12) of the suite's values as prefs export \
                writes them in JSON, for editors and CI to check configuration files with.
                """)

        /// What `show` prints.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, manifest
            case jsonSchema = "json-schema"
        }

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The suite.", completion: ShellCompletion.suites)
        var suite: String

        @Option(help: "text (the default), manifest (as --json), or json-schema.")
        var format: Format?

        func perform() throws {
            guard let schema = try options.openContext().schema(for: suite) else {
                throw ToolError.noSchema(for: suite)
            }
            switch format ?? (options.json ? .manifest : .text) {
            case .manifest: FileHandle.standardOutput.write(schema.manifest() + Data("\n".utf8))
            case .jsonSchema: FileHandle.standardOutput.write(schema.jsonSchema() + Data("\n".utf8))
            case .text: Output.lines(schema.entries.flatMap(SchemaText.lines))
            }
        }
    }

    struct Install: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "install", abstract: "Install a manifest, replacing the suite's earlier one.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The manifest, as `theme-demo schema` prints it.", completion: .file(extensions: ["json"]))
        var file: String

        @Option(help: "The suite it describes, when the manifest names none or another.")
        var suite: String?

        func perform() throws {
            let context = options.openContext()
            let data = try InputFile.read(file, maximumSize: context.codec.maximumSize)
            let (schema, location) = try context.schemas().installSchema(data, suite: suite)
            guard !options.json else {
                let report: [String: Any] = [
                    "suite": suite ?? schema.suite ?? "", "keys": schema.entries.count, "location": location,
                ]
                return Output.json(report)
            }
            Output.note("installed a schema of \(schema.entries.count) keys at \(TextEscaping.escaped(location))")
        }
    }

    struct Uninstall: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall", abstract: "Remove a suite's schema; its stored values are left alone.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The suite.", completion: ShellCompletion.suites)
        var suite: String

        func perform() throws {
            guard try options.openContext().schemas().uninstallSchema(for: suite) else {
                throw ToolError.noSchema(for: suite)
            }
            if options.json { Output.json(["suite": suite, "uninstalled": true] as [String: Any]) }
        }
    }
}
