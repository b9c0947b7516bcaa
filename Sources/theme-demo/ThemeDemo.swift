import Foundation
import PrefsFileStore
import PrefsKit

/// Runs the demo: counts the launch, then prints every setting with where its value came from.
@main
enum ThemeDemo {
    static func main() {
        do {
            let command = try DemoCommand(arguments: Array(CommandLine.arguments.dropFirst()))
            print(try run(command), terminator: "")
        } catch {
            FileHandle.standardError.write(Data("theme-demo: \(error)\n".utf8))
            exit(error is DemoError ? 64 : 1)
        }
    }

    static func run(_ command: DemoCommand) throws -> String {
        guard let defaults = UserDefaults(suiteName: command.suite) else {
            throw DemoError("cannot open suite \(TextEscaping.quoted(command.suite))")
        }
        let schema = try ThemeSettings.schema()
        switch command.action {
        case .help:
            return DemoCommand.usage + "\n"
        case .schema:
            return String(decoding: schema.manifest(), as: UTF8.self) + "\n"
        case .installSchema:
            let (directory, name) = location(of: command.suite)
            let installed = try SchemaCatalog(configDirectory: directory).install(schema.manifest(), suite: name)
            return "installed the schema of \(command.suite) at \(installed.file.path)\n"
        case .edit:
            let (directory, name) = location(of: command.suite)
            try SettingsEditor.run(directory: directory, suite: name, schema: schema)
            return ""
        case .reset:
            defaults.removePersistentDomain(forName: command.suite)
            return "reset \(command.suite)\n"
        case .setTheme(let name):
            let value = try schema.parse(name, forKey: PersistentKey.theme.id)
            guard case .string(let raw) = value, let theme = Theme(rawValue: raw) else { throw DemoError("bad theme") }
            ThemeController(store: defaults).changeTheme(to: theme)
            return "theme = \(theme.rawValue)\n"
        case .show:
            // Count from what is stored: `-launchCount 40` overrides this run's reads, and is not a count to go on from.
            let launches = PersistentKey.launchCount
            let stored = launches.resolve(stored: defaults.primitiveValue(forKey: launches.id), launchArgument: nil)
            defaults.set(launches, to: stored.value + 1)
            defaults.set(.lastLaunchDate, to: Date())
            return report(defaults, schema: schema)
        }
    }

    /// The directory and name of a suite: a suite given as a path lives in that path's directory, as UserDefaults
    /// takes it; a plain name lives in the configuration directory.
    static func location(of suite: String) -> (directory: URL, name: String) {
        guard suite.hasPrefix("/") else { return (XDGDirectories.configHome(), suite) }
        let path = URL(fileURLWithPath: suite)
        return (path.deletingLastPathComponent(), path.lastPathComponent)
    }

    /// One `key = value` line per setting, with a note when the value is not simply the stored one.
    static func report(_ store: any PersistentKeyValueStore, schema: PreferenceSchema) -> String {
        var lines: [String] = []
        for key in ThemeSettings.keys {
            let inspection = store.inspectPrimitive(key)
            let value = inspection.value.map { schema.render($0, forKey: key.id) } ?? "nil"
            let stored = inspection.stored.map { "stored \(TextEscaping.escaped(schema.render($0, forKey: key.id)))" }
            var notes: [String] =
                switch inspection.status {
                case .ok: []
                case .absent: ["default"]
                case .launchArgument(let text):
                    ["from -\(key.id) \(TextEscaping.escaped(text)) for this run"] + (stored.map { [$0] } ?? [])
                case .wrongType, .undecodable: ["default; stored value unreadable"]
                case .fixedInRelease: ["fixed in release builds"]
                }
            // An argument that is not one of the key's values is said here as well as once on standard error.
            if let ignored = inspection.ignoredLaunchArgument { notes.append("\(ignored)") }
            let note = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
            lines.append("\(key.id) = \(TextEscaping.escaped(value))\(note)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
