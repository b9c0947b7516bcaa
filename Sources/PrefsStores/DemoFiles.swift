import PrefsCore
import PrefsFileStore
public import PrefsTools

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The demo's configuration: the suites and schema manifests of `Assets/demo`, copied to a temporary directory.
public struct DemoFiles: Sendable {
    /// The temporary directory: `config/` holds the suites, `data/` the schemas, `state/` the journal, each where
    /// `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `XDG_STATE_HOME` pointing there find them.
    public let root: URL

    public var config: URL { root.appendingPathComponent("config", isDirectory: true) }
    private var catalog: SchemaCatalog {
        SchemaCatalog(configDirectory: config, environment: StoreResolver.demoEnvironment(root: root))
    }

    /// The command line another shell types to write into the demo as the editor and the demo's writer do, with its
    /// schema checking and its journal naming the writer: `XDG_CONFIG_HOME=… XDG_DATA_HOME=… XDG_STATE_HOME=… prefs
    /// write com.example.theme-demo theme light`.
    public var secondShellLine: String {
        let variables = StoreResolver.demoEnvironment(root: root).sorted { $0.key < $1.key }
            .map { "\($0.key)=\(ShellWord.shown($0.value))" }
        return (variables + ["prefs write com.example.theme-demo theme light"]).joined(separator: " ")
    }

    /// The demo's files, by path below the demo folder (`config/notes.plist`, `schemas/…json`).
    public typealias Assets = [String: Data]

    /// The demo's files: from `$PREFS_DEMO_ASSETS` when it is set, else `share/prefs/demo` beside the binary when it
    /// is there, else the copy of `Assets/demo` compiled into the binary, so that a binary copied onto `PATH` alone
    /// runs the demo.
    ///
    /// - Throws: ``/PrefsTools/ToolError`` when `$PREFS_DEMO_ASSETS` names a folder without the demo's files, or one
    ///   cannot be read.
    public static func assets() throws -> Assets {
        if let named = ProcessInfo.processInfo.environment["PREFS_DEMO_ASSETS"] {
            return try files(in: URL(fileURLWithPath: named))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().appendingPathComponent("../share/prefs/demo")
            .standardizedFileURL
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("config").path) {
            return try files(in: installed)
        }
        return EmbeddedDemoAssets.files.compactMapValues { Data(base64Encoded: $0) }
    }

    /// Reads the demo's files from a folder holding `config/` and `schemas/`.
    ///
    /// - Parameter folder: The folder.
    /// - Returns: The files.
    /// - Throws: ``/PrefsTools/ToolError`` naming the folder when it lacks `config/`, or a file cannot be read.
    static func files(in folder: URL) throws -> Assets {
        var files: Assets = [:]
        do {
            for subfolder in ["config", "schemas"] {
                let directory = folder.appendingPathComponent(subfolder)
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
                where !name.hasPrefix(".") {
                    files["\(subfolder)/\(name)"] = try Data(contentsOf: directory.appendingPathComponent(name))
                }
            }
        } catch {
            throw ToolError(
                "the demo's files are not in \(TextEscaping.escaped(folder.path)) (PREFS_DEMO_ASSETS): "
                    + "it needs config/ and schemas/", code: .io)
        }
        return files
    }

    /// Copies the demo's suites to a new temporary directory and installs its schemas there.
    ///
    /// - Parameter assets: The demo's files (``assets()``).
    /// - Throws: The file system's or the schema catalog's error; the directory is removed first.
    public init(copying assets: Assets) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        root = temporary
        do {
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            for (path, data) in assets.sorted(by: { $0.key < $1.key }) {
                let name = String(path.split(separator: "/").last ?? "")
                if path.hasPrefix("config/"), name.hasSuffix(".plist") {
                    try data.write(to: config.appendingPathComponent(name))
                } else if path.hasPrefix("schemas/"), name.hasSuffix(".json") {
                    try catalog.install(data)
                }
            }
        } catch {
            remove()
            throw error
        }
    }

    /// An existing demo directory, as the demo's writer is handed it.
    public init(root: URL) {
        self.root = root
    }

    /// The demo's store and schemas, for the tools: the suites in `config/`, journaling in `journal/`.
    public var context: ToolContext { StoreResolver.demoContext(root: root) }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
