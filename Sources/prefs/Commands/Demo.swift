import ArgumentParser
import Foundation
import PrefsStores
import PrefsTUI
import PrefsTools

/// `prefs demo`: the editor on a copy of the demo configuration, while a second process changes it.
struct Demo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the editor on a temporary copy of a demo configuration that another process keeps changing.",
        discussion: """
            The suites and schemas are compiled into prefs from Assets/demo; set PREFS_DEMO_ASSETS to a folder \
            holding config/ (suites) and schemas/ (manifests) to use your own, or install them as \
            share/prefs/demo beside the binary's bin/. A second prefs process writes a value every few seconds, so \
            that live changes show at once; the temporary directory is removed when the editor quits.
            """)

    /// Declared to refuse them: the root command takes the global options too (for completion), and argument-parser
    /// would otherwise accept them here and ignore them.
    @OptionGroup(visibility: .hidden) var options: GlobalOptions

    @Option(help: ArgumentHelp("Seconds between the second process's writes.", valueName: "seconds"))
    var interval = 3.0

    @Flag(help: "Draw without colours, as NO_COLOR also asks.")
    var noColor = false

    func validate() throws {
        if options.json { throw ValidationError("The editor draws on the terminal and prints no JSON; drop --json.") }
        if options.configDir != nil || options.store != nil {
            throw ValidationError("The demo works on a copy of its own; drop --config-dir and --store.")
        }
        guard interval >= 0.05, interval <= 3600 else {
            throw ValidationError("--interval must be between 0.05 and 3600 seconds")
        }
    }

    func perform() throws {
        let assets = try DemoFiles.assets()
        try Tui.requireTerminal()
        let files = try DemoFiles(copying: assets)
        defer { files.remove() }
        let writer = try startWriter(files)
        defer { writer.stop() }
        let context = files.context
        let data = EditorData(store: try context.store(), schemas: try context.schemas(), tools: context)
        try Tui.runEditor(EditorModel(data: data), noColor: noColor)
    }

    /// Starts `prefs demo-writer` on the directory, with its standard input as a lifeline: when this process ends,
    /// however it ends, the writer reads end-of-file, removes the directory and exits.
    private func startWriter(_ files: DemoFiles) throws -> DemoWriterProcess {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["demo-writer", files.root.path, "--interval", "\(interval)"]
        let lifeline = Pipe()
        process.standardInput = lifeline
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ToolError("cannot start the demo's writer: \(error)")
        }
        try? lifeline.fileHandleForReading.close()
        return DemoWriterProcess(process: process, lifeline: lifeline.fileHandleForWriting)
    }
}

/// The demo's second process, stopped when the editor quits.
private struct DemoWriterProcess {
    let process: Process
    let lifeline: FileHandle

    func stop() {
        try? lifeline.close()
        process.terminate()
        process.waitUntilExit()
    }
}
