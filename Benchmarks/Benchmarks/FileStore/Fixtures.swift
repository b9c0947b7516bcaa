import Foundation
import PrefsFileStore
import PrefsKit

extension PersistentKeyProtocol where Self == PersistentKey<String> {
    static var benchmarkName: Self { Self("key-50", defaultValue: "") }
}

/// A file-store suite and a UserDefaults suite holding the same keys, in a fresh temporary directory.
final class SideBySide: @unchecked Sendable {
    let directory: URL
    let store: FileStore
    let suite: FileSuite
    let defaults: UserDefaults
    let defaultsPath: String
    /// A value that changes at every write, so that no write is skipped as a no-op.
    var counter = 0

    init(keys: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none)
        suite = try store.suite("bench")
        defaultsPath = directory.appendingPathComponent("defaults").path
        guard let defaults = UserDefaults(suiteName: defaultsPath) else { throw CocoaError(.fileNoSuchFile) }
        self.defaults = defaults
        var values: [String: PropertyListValue?] = [:]
        for index in 0..<keys {
            values["key-\(index)"] = .string("value \(index)")
            defaults.set("value \(index)", forKey: "key-\(index)")
        }
        try suite.commit(values)
        defaults.synchronize()
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A fresh directory holding a 100-key suite written by a peer, for benchmarks between peer processes only: a store
/// open in the harness would watch too, and take a CPU from the two processes measured.
final class PeerDirectory: Sendable {
    let path: String

    init(keys: Int) throws {
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

/// Runs the peer executable, which is built beside the benchmarks (see Benchmarks/run).
enum Peer {
    static func start(_ arguments: [String], capturingOutput: Bool = false) throws -> Process {
        let process = Process()
        if capturingOutput { process.standardOutput = Pipe() }
        guard let binary = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else {
            throw CocoaError(.fileNoSuchFile)
        }
        process.executableURL = binary.appendingPathComponent("prefs-bench-peer")
        process.arguments = arguments
        try process.run()
        return process
    }

    /// Reads a peer's output until a line equal to `marker`, and returns a function that reads the remaining lines.
    static func lines(of process: Process, until marker: String) throws -> () throws -> [String] {
        guard let handle = (process.standardOutput as? Pipe)?.fileHandleForReading else {
            throw CocoaError(.fileReadNoPermission)
        }
        var buffer = Data()
        while !String(decoding: buffer, as: UTF8.self).split(separator: "\n").contains(Substring(marker)) {
            let chunk = handle.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadCorruptFile) }
            buffer += chunk
        }
        return {
            let rest = String(decoding: buffer + handle.readDataToEndOfFile(), as: UTF8.self)
            return rest.split(separator: "\n").map(String.init).filter { $0 != marker }
        }
    }

    static func wallClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
}
