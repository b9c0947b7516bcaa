import PrefsCore
import PrefsSystem
public import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Watches a directory on a thread of its own and reports which files changed, in coalesced batches.
///
/// On Linux it uses inotify on the directory, not on the files: a watch on a file follows its inode, which the first
/// atomic rename replaces. After the first event of a burst it drains every queued event before reporting, so a burst
/// of writes costs one reload per file. A queue overflow is reported as such, and the owner then reloads everything.
/// A failing system call ends the thread and is reported, never swallowed: changes would otherwise stop silently.
/// The GSettings store watches its compiled schemas' folders with it too.
public final class DirectoryWatcher: Sendable {
    private let stopWriter: FileDescriptor
    /// The thread's work, set up by `init` and run by ``start()``.
    private let work: @Sendable () -> Void

    /// Sets the watch up (the inotify watch and the pipe that stops it); ``start()`` starts the thread.
    ///
    /// - Parameters:
    ///   - directory: The directory.
    ///   - suffixes: The endings of the files to report: `.plist` for suites; `.plist` and `.locks` for system layers;
    ///     a whole name (`kdeglobals`) matches itself.
    ///   - keepingSuffixes: Whether names are reported whole (a KConfig file's name is its suite's) rather than
    ///     without their suffix (`com.example.plist` is suite `com.example`).
    ///   - creations: Whether a file linked into place is reported when it appears (`IN_CREATE`): Qt's `QSaveFile`
    ///     makes a new file as an unnamed `O_TMPFILE` and links it in, which no other event names.
    ///   - onChange: Called on the watcher's thread with the names of the files that changed (without their suffix,
    ///     unless `keepingSuffixes`), and whether the event queue overflowed.
    ///   - onFailure: Called once, on the watcher's thread, when a system call fails and the thread ends.
    /// - Throws: The `Errno` of the system call that failed to set the watch up.
    public init(
        directory: FilePath, suffixes: [String] = [".plist"], keepingSuffixes: Bool = false, creations: Bool = false,
        onChange: @escaping @Sendable (Set<String>, Bool) -> Void, onFailure: @escaping @Sendable (Errno) -> Void
    ) throws(Errno) {
        let (stopReader, stopWriter) = try Syscall.pipe()
        self.stopWriter = stopWriter
        #if os(Linux)
        let inotify: FileDescriptor
        do {
            inotify = try Inotify.open()
            let events: Inotify.Events = [.closedAfterWriting, .movedIn, .movedOut, .deleted, .directoryDeleted]
            try Inotify.watch(inotify, directory, for: creations ? events.union(.created) : events)
        } catch {
            try? stopReader.close()
            try? stopWriter.close()
            throw error
        }
        work = {
            Self.run(
                inotify: inotify, stop: stopReader, suffixes: suffixes, keepingSuffixes: keepingSuffixes,
                onChange: onChange, onFailure: onFailure)
        }
        #else
        work = { Self.poll(directory: directory, stop: stopReader, onChange: onChange, onFailure: onFailure) }
        #endif
    }

    /// Starts the thread that watches until this watcher is released.
    ///
    /// - Throws: `Errno` when the system cannot start a thread.
    public func start() throws(Errno) {
        let failure = DetachedThread.start(work)
        guard failure == 0 else { throw Errno(rawValue: failure) }
    }

    deinit {
        _ = try? stopWriter.writeAll([1])
        try? stopWriter.close()
    }

    #if os(Linux)
    private static func run(
        inotify: FileDescriptor, stop: FileDescriptor, suffixes: [String], keepingSuffixes: Bool,
        onChange: @Sendable (Set<String>, Bool) -> Void,
        onFailure: @Sendable (Errno) -> Void
    ) {
        defer {
            try? inotify.close()
            try? stop.close()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let ready: [Bool]
            do {
                ready = try Syscall.pollReadable([inotify, stop], timeoutMilliseconds: -1)
            } catch {
                return onFailure(error)
            }
            if ready[1] { return }
            var names = Set<String>()
            var overflowed = false
            // Drain everything queued, so that a burst becomes one batch; the descriptor is non-blocking, and
            // `EAGAIN` says the queue is empty.
            while true {
                let count: Int
                do {
                    count = try buffer.withUnsafeMutableBytes { try inotify.read(into: $0) }
                } catch Errno.wouldBlock {
                    break
                } catch {
                    return onFailure(error as? Errno ?? .ioError)
                }
                if count <= 0 { break }
                parse(
                    buffer[..<count], suffixes: suffixes, keepingSuffixes: keepingSuffixes, names: &names,
                    overflowed: &overflowed)
            }
            if !names.isEmpty || overflowed { onChange(names, overflowed) }
        }
    }

    /// Reads `struct inotify_event` records: a fixed header, then `len` bytes of NUL-padded name.
    private static func parse(
        _ bytes: ArraySlice<UInt8>, suffixes: [String], keepingSuffixes: Bool, names: inout Set<String>,
        overflowed: inout Bool
    ) {
        for event in Inotify.events(in: bytes) {
            if !event.events.isDisjoint(with: [.overflowed, .directoryDeleted]) {
                overflowed = true
            } else if !event.name.hasPrefix("."), let suffix = suffixes.first(where: event.name.hasSuffix) {
                names.insert(keepingSuffixes ? event.name : String(event.name.dropLast(suffix.count)))
            }
        }
    }
    #else
    /// Where inotify does not exist, checks the directory's modification time every 50 ms and reports a change of
    /// it as an overflow, which reloads every open suite.
    private static func poll(
        directory: FilePath, stop: FileDescriptor, onChange: @Sendable (Set<String>, Bool) -> Void,
        onFailure: @Sendable (Errno) -> Void
    ) {
        defer { try? stop.close() }
        var last = try? FileIdentity.of(directory)
        while true {
            do {
                if try Syscall.pollReadable([stop], timeoutMilliseconds: 50)[0] { return }
            } catch {
                return onFailure(error)
            }
            let now = try? FileIdentity.of(directory)
            if now != last {
                last = now
                onChange([], true)
            }
        }
    }
    #endif
}
