import Foundation
import PackagePlugin

/// Compiles `Assets/demo` into the target that uses this plugin, so that `prefs demo` works from a copied binary with
/// nothing installed beside it.
@main
struct EmbedDemoAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let assets = context.package.directoryURL.appending(path: "Assets/demo")
        let inputs = try ["config", "schemas"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(
                at: assets.appending(path: folder), includingPropertiesForKeys: nil
            )
            .filter { !$0.lastPathComponent.hasPrefix(".") }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDemoAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding the demo's suites and schemas",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path(), assets.path()] + inputs.map { $0.path() },
                inputFiles: inputs, outputFiles: [output])
        ]
    }
}
