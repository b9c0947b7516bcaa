import ArgumentParser
import PrefsTools

/// `prefs schema list|show|install|uninstall|map|unmap`: the schemas of the store's suites.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "List, show, install, uninstall and map schemas.",
        discussion: """
            For a configuration directory, manifests are installed under $XDG_DATA_HOME/prefs/schemas/ (default \
            ~/.local/share), in a folder that belongs to the directory, so two directories never share one. For a \
            PostgreSQL store they are kept in the database, so every machine sees the same ones. GNOME's schemas are \
            installed with glib-compile-schemas; a relocatable one is mapped to the dconf paths of its instances.
            """,
        subcommands: [List.self, Show.self, Install.self, Uninstall.self, Map.self, Unmap.self])

    struct List: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the suites that have a schema.")

        @OptionGroup var options: GlobalOptions

        func perform() throws {
            try SchemaActions.list(json: options.json, in: options.openContext())
        }
    }

    struct Show: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Describe a suite's keys; --json prints the manifest.",
            discussion: """
                --format json-schema prints a JSON Schema (draft 2020-12) of the suite's values as prefs export \
                writes them in JSON, for editors and CI to check configuration files with.
                """)

        @OptionGroup var options: SuiteOptions
        @Option(help: "text (the default), manifest (as --json), or json-schema.") var format: SchemaActions.Format?

        func perform() throws {
            try SchemaActions.show(
                options.suite, as: format ?? (options.json ? .manifest : .text), in: options.openContext())
        }
    }

    struct Install: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "install", abstract: "Install a manifest, replacing the suite's earlier one.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The manifest, as `theme-demo schema` prints it.", completion: .file(extensions: ["json"]))
        var file: String
        @Option(help: "The suite it describes, when the manifest names none or another.") var suite: String?

        func perform() throws {
            try SchemaActions.install(file, suite: suite, json: options.json, in: options.openContext())
        }
    }

    struct Uninstall: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall", abstract: "Remove a suite's schema; its stored values are left alone.")

        @OptionGroup var options: SuiteOptions

        func perform() throws {
            try SchemaActions.uninstall(options.suite, json: options.json, in: options.openContext())
        }
    }

    struct Map: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "map", abstract: "Map a relocatable GSettings schema to the dconf path of an instance.",
            discussion: """
                The instance is a suite from then on (SCHEMA:PATH), listed by prefs suites, found by prefs find and \
                shown in the editor through its schema. An empty part of the path stands for any one part, as in \
                dconf-editor: /org/example/profiles// maps every profile. Mappings are kept in \
                $XDG_DATA_HOME/prefs/gsettings-schema-map. Example: prefs --store gsettings schema map \
                /org/gnome/desktop/app-folders/folders/Utilities/ org.gnome.desktop.app-folders.folder
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The dconf directory, such as /org/example/profiles/work/.") var path: String
        @Argument(help: "The relocatable schema (gsettings list-relocatable-schemas lists them).") var schema: String

        func perform() throws {
            try SchemaActions.map(path, to: schema, json: options.json, in: options.openContext())
        }
    }

    struct Unmap: PrefsCommand {
        static let configuration = CommandConfiguration(
            commandName: "unmap", abstract: "Forget a mapping made with schema map.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The path, as it was mapped.") var path: String

        func perform() throws {
            try SchemaActions.unmap(path, json: options.json, in: options.openContext())
        }
    }
}
