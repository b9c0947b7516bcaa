import Foundation
import PrefsFileStore
import PrefsTools

/// A recording in a process of its own, as `prefs record` runs it on a folder of suites: the same `ChangeRecording`,
/// over a store that keeps its journal where the other peers keep theirs, so that it attributes their writes as an
/// app's watcher does and never has to record an unknown writer.
enum RecorderPeer {
    /// Records one suite until standard input closes, then writes the script.
    ///
    /// - Parameters:
    ///   - directory: The folder of suites.
    ///   - suite: The suite to record.
    ///   - output: The script's file.
    /// - Throws: The recording's error.
    static func record(_ directory: String, suite: String, output: String) async throws {
        let folder = URL(fileURLWithPath: directory)
        let store = try FileStore(
            directory: folder, journalDirectory: folder.appendingPathComponent("journal"), launchArguments: .none)
        let schemas = SchemaCatalog(configDirectory: folder)
        let context = ToolContext(
            locationDescription: directory, codec: FilePropertyListCodec(), open: { _ in store },
            schemas: { schemas })
        // The harness ends the recording by closing standard input, as an interrupt ends prefs record's.
        try await ChangeRecording(suites: [suite], output: output).run(in: context) {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    _ = FileHandle.standardInput.readDataToEndOfFile()
                    continuation.resume()
                }
            }
        }
    }
}
