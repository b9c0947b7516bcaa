import Foundation

/// A fresh directory holding a suite named "bench" written by a peer process, for benchmarks between peer processes
/// only: a store open in the harness would watch too, and take a CPU from the two processes measured.
public final class PeerDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates the directory and has a peer write the suite.
    ///
    /// - Parameter keys: How many integer keys, `key-0`…, the suite holds.
    /// - Throws: When the directory cannot be created or the peer cannot be started.
    public init(keys: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.path
        let writer = try Peer.start(["write", path, "bench", "key", "\(keys)"])
        writer.waitUntilExit()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
