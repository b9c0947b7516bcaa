import Foundation
import PrefsKConfig
import PrefsTestHelpers
import Testing

/// A scope of its own for the KConfig store: `prefs --store kconfig` run in this process over the scope's folders,
/// and KDE's own `kreadconfig5` and `kwriteconfig5` (Debian's libkf5config-bin) run over the same folders.
struct KDEFixture {
    let prefs: InProcessPrefs

    init() throws {
        prefs = try InProcessPrefs()
        try FileManager.default.createDirectory(at: prefs.configDirectory, withIntermediateDirectories: true)
    }

    /// The variables KDE's tools and `prefs` share: the scope's configuration, system and data folders; schemas only
    /// from the scope's data folder.
    var environment: [String: String] {
        prefs.environment.merging([
            "XDG_DATA_DIRS": prefs.home.url.appendingPathComponent("system-data").path, "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8", "LANGUAGE": "",
        ]) { $1 }
    }

    /// The store of the scope's folders, in this process.
    func store(lockTimeout: Duration = .seconds(5)) -> KConfigStore {
        KConfigStore(
            directory: prefs.configDirectory, systemDirectories: [prefs.systemDirectory],
            journalDirectory: prefs.home.url.appendingPathComponent("state/journal"), environment: environment,
            lockTimeout: lockTimeout)
    }

    /// Runs `prefs --store kconfig …`.
    @discardableResult
    func run(_ arguments: String...) -> PrefsRun {
        prefs.run(["--store", "kconfig"] + arguments, extraEnvironment: environment)
    }

    /// A value as `prefs read --json` gives it, decoded: the exact text, whatever it holds.
    func read(_ suite: String, _ key: String) throws -> String? {
        let result = run("read", "--json", suite, key)
        guard result.status == 0 else { return nil }
        return try JSONDecoder().decode(String.self, from: Data(result.output.utf8))
    }

    /// Runs `kreadconfig5 --file FILE --group … --key KEY`, and gives what it printed without its line feed.
    func kread(_ file: String, groups: [String], key: String, type: String? = nil, extra: [String: String] = [:])
        throws -> String
    {
        var arguments = ["--file", file]
        for group in groups { arguments += ["--group", group] }
        arguments += ["--key", key]
        if let type { arguments += ["--type", type] }
        let result = try ChildProcess.run(
            "/usr/bin/kreadconfig5", arguments, environment: environment.merging(extra) { $1 })
        #expect(result.status == 0, "kreadconfig5 \(arguments): \(result.standardError)")
        return result.standardOutput.hasSuffix("\n") ? String(result.standardOutput.dropLast()) : result.standardOutput
    }

    /// Runs `kreadconfig5 --type bool`, which answers by its exit status: 0 for true, 1 for false.
    func kreadBool(_ file: String, groups: [String], key: String) throws -> Bool {
        var arguments = ["--file", file]
        for group in groups { arguments += ["--group", group] }
        arguments += ["--key", key, "--type", "bool"]
        return try ChildProcess.run("/usr/bin/kreadconfig5", arguments, environment: environment).status == 0
    }

    /// Runs `kwriteconfig5 --file FILE --group … --key KEY VALUE`.
    func kwrite(_ file: String, groups: [String], key: String, _ value: String, type: String? = nil) throws {
        var arguments = ["--file", file]
        for group in groups { arguments += ["--group", group] }
        arguments += ["--key", key]
        if let type { arguments += ["--type", type] }
        let result = try ChildProcess.run("/usr/bin/kwriteconfig5", arguments + [value], environment: environment)
        #expect(result.status == 0, "kwriteconfig5 \(arguments): \(result.standardError)")
    }

    /// A file of the configuration folder.
    func url(_ name: String) -> URL { prefs.configDirectory.appendingPathComponent(name) }

    /// A file's text, or `nil` when there is none.
    func text(_ name: String) -> String? {
        try? String(contentsOf: url(name), encoding: .utf8)
    }

    /// Writes a file of the configuration folder, as a person would.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: url(name))
    }

    /// Writes a system copy, in the scope's `$XDG_CONFIG_DIRS` folder.
    func writeSystem(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: prefs.systemDirectory, withIntermediateDirectories: true)
        let file = prefs.systemDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    }

    /// Installs a `.kcfg` schema from Schemas/ in the scope's data folder, where KDE's programs install theirs.
    func installSchema(_ name: String) throws {
        let folder = prefs.home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.schemas.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }

    /// The schemas of the tests.
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Schemas", isDirectory: true)
}
