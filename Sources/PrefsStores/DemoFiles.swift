public import Foundation
import PrefsFileStore
import PrefsKit
public import PrefsTools

/// The demo's configuration: the suites and schema manifests in `Assets/demo`, copied to a temporary directory.
public struct DemoFiles: Sendable {
    /// The temporary directory: `config/` holds the suites, `journal/` their journal, `data/` the schemas.
    public let root: URL

    public var config: URL { root.appendingPathComponent("config", isDirectory: true) }
    private var catalog: SchemaCatalog {
        SchemaCatalog(
            configDirectory: config, environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path])
    }

    /// Where the demo's files are: `$PREFS_DEMO_ASSETS`, then `share/prefs/demo` beside an installed binary, then the
    /// source tree this binary was built from (`swift run prefs demo`).
    ///
    /// - Throws: ``PrefsTools/ToolError`` listing the places looked in when none holds them.
    public static func assets() throws -> URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let candidates = [
            ProcessInfo.processInfo.environment["PREFS_DEMO_ASSETS"].map { URL(fileURLWithPath: $0) },
            executable.deletingLastPathComponent().appendingPathComponent("../share/prefs/demo"),
            URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Assets/demo"),
        ].compactMap { $0?.standardizedFileURL }
        let found = candidates.first { url in
            FileManager.default.fileExists(atPath: url.appendingPathComponent("config").path)
        }
        guard let found else {
            let places = candidates.map(\.path).joined(separator: ", ")
            throw ToolError(
                "the demo's files are not installed; looked in \(places) (set PREFS_DEMO_ASSETS)", code: .io)
        }
        return found
    }

    /// Copies the demo's suites to a new temporary directory and installs its schemas there.
    ///
    /// - Parameter assets: The folder holding `config/` and `schemas/`.
    /// - Throws: The file system's or the schema catalog's error; the directory is removed first.
    public init(copying assets: URL) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        root = temporary
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: assets.appendingPathComponent("config"), to: config)
            let schemas = assets.appendingPathComponent("schemas")
            for name in try FileManager.default.contentsOfDirectory(atPath: schemas.path) where name.hasSuffix(".json")
            {
                try catalog.install(try Data(contentsOf: schemas.appendingPathComponent(name)))
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
