import Benchmark
import BenchmarkSupport
import Foundation

/// One way of measuring write → event between processes, each a metric of its own in one benchmark.
///
/// The ways take turns, round after round, so that what the machine does meanwhile falls on all of them alike: the
/// ratios between them are what the benchmark is for, and absolute times do not compare across days.
enum WriteToEvent: CaseIterable {
    /// A PrefsKit write in one peer, its change event in another.
    case prefsKit
    /// The same, with a third peer recording the suite as `prefs record` does.
    case prefsKitRecorded
    /// The floor: a rename into the folder in one peer, inotify and a read of the file in another (`FloorPeer`).
    case floor

    var metric: BenchmarkMetric {
        switch self {
        case .prefsKit: .custom("PrefsKit (µs)")
        case .prefsKitRecorded: .custom("PrefsKit, recorded (µs)")
        case .floor: .custom("rename + inotify floor (µs)")
        }
    }

    /// Runs one round: `writes` writes, 4 ms apart.
    ///
    /// - Parameters:
    ///   - directory: The folder of the suite `bench`.
    ///   - writes: How many writes.
    /// - Returns: Each event's delay after its write began, in microseconds.
    /// - Throws: When a peer cannot be started, or the recorder did not record the writes.
    func round(in directory: PeerDirectory, writes: Int) throws -> [Int] {
        if self == .floor {
            return try Self.pingPong(["floor-pong", directory.path, "\(writes)"], ["floor-ping", directory.path])
        }
        let script = directory.path + "/recorded.sh"
        var recorder: Process?
        if self == .prefsKitRecorded {
            let started = try Peer.start(
                ["record", directory.path, "bench", script], capturingErrors: true, withInput: true)
            _ = try Peer.lines(of: started, until: "recording", errors: true)
            recorder = started
        }
        let delays = try Self.pingPong(
            ["pong", directory.path, "bench", "\(writes)"], ["ping", directory.path, "bench"])
        if let recorder {
            try (recorder.standardInput as? Pipe)?.fileHandleForWriting.close()
            recorder.waitUntilExit()
            // A recorder that saw nothing would cost nothing: the script must hold the last write.
            let text = try String(contentsOfFile: script, encoding: .utf8)
            guard recorder.terminationStatus == 0, text.contains("'bench' 'ping'") else {
                throw CocoaError(
                    .executableLoad, userInfo: [NSLocalizedDescriptionKey: "the recorder recorded nothing:\n\(text)"])
            }
        }
        return delays
    }

    /// Starts the watcher, waits until it watches, then runs the writer (its arguments followed by the count and the
    /// interval) and returns the delays the watcher printed.
    private static func pingPong(_ pong: [String], _ ping: [String]) throws -> [Int] {
        let watcher = try Peer.start(pong, capturingOutput: true)
        let lines = try Peer.lines(of: watcher, until: "ready")
        let writer = try Peer.start(ping + [pong[pong.count - 1], "4"])
        writer.waitUntilExit()
        watcher.waitUntilExit()
        return try lines().compactMap { Int($0) }
    }
}
