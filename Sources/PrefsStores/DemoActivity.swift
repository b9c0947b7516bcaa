import PrefsCore
import PrefsSystem
import PrefsTools
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The second process of `prefs demo`, which changes a few values every few seconds as a mail daemon and an app
/// would, so that the editor shows live changes at once.
///
/// It is `prefs demo-writer DIR` run as a child, with its standard input as a lifeline: when the editor's process
/// ends, however it ends, the child reads end-of-file, removes the directory and exits.
public struct DemoActivity {
    private let process: Int32
    /// The write end of the child's standard input, which closing tells the child to end.
    private let lifeline: FileDescriptor

    /// What `prefs demo` does around the editor: copies the demo's files, starts the second process on the copy, runs
    /// `body` on it, then stops the process and removes the copy, however `body` ends.
    ///
    /// - Parameters:
    ///   - interval: Seconds between the second process's writes.
    ///   - check: Run once the demo's files are found and before anything is copied or started, such as a check that
    ///     there is a terminal.
    ///   - body: The work on the copy, given its store.
    /// - Throws: ``/PrefsTools/ToolError`` when the demo's files cannot be found or copied or the process cannot
    ///   start; what `check` or `body` throws.
    public static func run(
        interval: Double, after check: () throws -> Void, _ body: (DemoFiles) throws -> Void
    ) throws {
        let assets = try DemoFiles.assets()
        try check()
        let files = try DemoFiles(copying: assets)
        defer { files.remove() }
        let activity = try start(on: files, interval: interval)
        defer { activity.stop() }
        try body(files)
    }

    /// Starts the second process on the demo's files.
    ///
    /// - Parameters:
    ///   - files: The demo's temporary copy.
    ///   - interval: Seconds between its writes.
    /// - Returns: The running process, to ``stop()`` when the editor quits.
    /// - Throws: ``/PrefsTools/ToolError`` when the process cannot start.
    static func start(on files: DemoFiles, interval: Double) throws -> DemoActivity {
        do throws(Errno) {
            let pipe = try Syscall.pipe()
            defer { try? pipe.read.close() }
            // The read end becomes the child's standard input; the write end must not stay open in the child, which
            // would then never read the end of its input.
            let streams = Processes.Streams(input: pipe.read, closing: [pipe.read, pipe.write], silenced: true)
            let arguments = ["prefs", "demo-writer", files.root.path, "--interval", "\(interval)"]
            let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
            do {
                let child = try Processes.spawn(
                    "/proc/self/exe", arguments: arguments, environment: environment, streams: streams)
                return DemoActivity(process: child, lifeline: pipe.write)
            } catch {
                try? pipe.write.close()
                throw error
            }
        } catch {
            throw ToolError("cannot start the demo's writer: \(ErrorText.of(error.rawValue))")
        }
    }

    /// Ends the second process and waits for it.
    func stop() {
        try? lifeline.close()
        try? Signals.send(.terminate, to: process)
        _ = try? Processes.wait(process)
    }

    /// The second process's work on the demo's copy in a directory (see ``changeValues(of:every:)``).
    ///
    /// - Throws: The store's error when the suites cannot be opened.
    public static func changeValues(inDirectory path: String, every interval: Double) throws {
        try changeValues(of: DemoFiles(root: URL(fileURLWithPath: path)), every: interval)
    }

    /// The second process's work: changes the demo's values every `interval` seconds until standard input closes
    /// or the directory goes, then removes the directory.
    ///
    /// - Parameters:
    ///   - files: The demo's temporary copy.
    ///   - interval: Seconds between writes.
    /// - Throws: The store's error when the suites cannot be opened.
    public static func changeValues(of files: DemoFiles, every interval: Double) throws {
        defer { files.remove() }
        let store = try files.context.store()
        let mailer = try store.anySuite("com.example.mailer")
        let app = try store.anySuite("com.example.theme-demo")
        var unread = 3
        var tick = 0
        while parentIsAlive(waiting: interval), FileManager.default.fileExists(atPath: files.config.path) {
            tick += 1
            unread = tick % 5 == 0 ? 0 : unread + Int.random(in: 1...3)
            // The second process plays two programs, each journaled under its own name, as each would declare it.
            PersistentKeyValueChange.Writer.$nameInTask.withValue("mail-daemon") {
                try? mailer.setPrimitiveValues(["unreadCount": .int(unread), "lastSync": .date(Date())])
            }
            if tick % 3 == 0 {
                let themes = ["light", "dark", "black"]
                PersistentKeyValueChange.Writer.$nameInTask.withValue("theme-demo") {
                    try? app.setPrimitiveValues(["theme": .string(themes[(tick / 3) % themes.count])])
                }
            }
        }
    }

    /// Waits up to `seconds` for standard input to close, which happens when the editor that started this process
    /// ends.
    ///
    /// - Returns: `false` once it has closed.
    private static func parentIsAlive(waiting seconds: Double) -> Bool {
        let ready: [Bool]
        do {
            ready = try Syscall.pollReadable([.standardInput], timeoutMilliseconds: Int32(seconds * 1000))
        } catch {
            // A lifeline that cannot be watched cannot say the editor ended: stop rather than outlive it.
            return false
        }
        guard ready[0] else { return true }
        var byte: [UInt8] = [0]
        // End of file, or a lifeline that cannot be read, which cannot say the editor runs: stop, as above.
        return ((try? byte.withUnsafeMutableBytes { try FileDescriptor.standardInput.read(into: $0) }) ?? 0) > 0
    }
}
