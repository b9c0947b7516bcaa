import PrefsCore
public import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The second process of `prefs demo`, which changes a few values every few seconds as a mail daemon and an app
/// would, so that the editor shows live changes at once.
///
/// It is `prefs demo-writer DIR` run as a child, with its standard input as a lifeline: when the editor's process
/// ends, however it ends, the child reads end-of-file, removes the directory and exits.
public struct DemoActivity {
    private let process: pid_t
    /// The write end of the child's standard input, which closing tells the child to end.
    private let lifeline: Int32

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
        interval: Double, after check: () throws -> Void, _ body: (ToolContext) throws -> Void
    ) throws {
        let assets = try DemoFiles.assets()
        try check()
        let files = try DemoFiles(copying: assets)
        defer { files.remove() }
        let activity = try start(on: files, interval: interval)
        defer { activity.stop() }
        try body(files.context)
    }

    /// Starts the second process on the demo's files.
    ///
    /// - Parameters:
    ///   - files: The demo's temporary copy.
    ///   - interval: Seconds between its writes.
    /// - Returns: The running process, to ``stop()`` when the editor quits.
    /// - Throws: ``/PrefsTools/ToolError`` when the process cannot start.
    static func start(on files: DemoFiles, interval: Double) throws -> DemoActivity {
        var pipe: [Int32] = [-1, -1]
        guard Self.pipe(&pipe) == 0 else {
            throw ToolError("cannot start the demo's writer: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The read end becomes the child's standard input; the write end must not stay open in the child, which
        // would then never read the end of its input.
        posix_spawn_file_actions_adddup2(&actions, pipe[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let arguments = ["prefs", "demo-writer", files.root.path, "--interval", "\(interval)"]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var child = pid_t()
        let started = try withCStrings(arguments) { argv in
            try withCStrings(environment) { envp in posix_spawn(&child, "/proc/self/exe", &actions, nil, argv, envp) }
        }
        close(pipe[0])
        guard started == 0 else {
            close(pipe[1])
            throw ToolError("cannot start the demo's writer: \(String(cString: strerror(started)))")
        }
        return DemoActivity(process: child, lifeline: pipe[1])
    }

    /// Ends the second process and waits for it.
    func stop() {
        close(lifeline)
        kill(process, SIGTERM)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) throws -> Result
    ) throws -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return try pointers.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { throw ToolError("cannot start the demo's writer") }
            return try body(start)
        }
    }

    /// The corresponding C function is `pipe`.
    private static func pipe(_ ends: inout [Int32]) -> Int32 {
        ends.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { Glibc.pipe($0) } ?? -1 }
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
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, Int32(seconds * 1000)) > 0 else { return true }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) > 0
    }
}
