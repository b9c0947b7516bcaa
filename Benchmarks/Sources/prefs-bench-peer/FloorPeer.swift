import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The floor of write → event between two processes: the least a writer and a watcher of a folder can do.
///
/// The writer writes the time into a new file and renames it into the folder, as every atomic writer does; the watcher
/// waits on inotify for the rename and reads the file, as every watcher must to learn the value. No lock, no journal,
/// no decoding, no flush to disk: what is left of PrefsKit's time above this is what its safety costs.
enum FloorPeer {
    /// The file the writer renames into place.
    static let name = "ping.floor"

    /// Writes the wall-clock time in nanoseconds into a new file and renames it into the folder, `count` times.
    ///
    /// - Parameters:
    ///   - directory: The watched folder.
    ///   - count: How many writes.
    ///   - interval: Milliseconds between writes.
    static func ping(_ directory: String, count: Int, interval: Int) {
        let temporary = directory + "/.ping.floor.tmp"
        let target = directory + "/" + name
        for _ in 0..<count {
            let text = Array("\(wallClockNanoseconds())".utf8)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { fail("open \(temporary): \(String(cString: strerror(errno)))") }
            let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == text.count, rename(temporary, target) == 0 else {
                fail("write \(target): \(String(cString: strerror(errno)))")
            }
            usleep(useconds_t(interval * 1000))
        }
    }

    /// Prints "ready" once the watch is set, then, after `count` renames (or two quiet seconds), each one's delay in
    /// microseconds.
    ///
    /// - Parameters:
    ///   - directory: The folder to watch.
    ///   - count: How many renames to wait for.
    static func pong(_ directory: String, count: Int) {
        let inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0, inotify_add_watch(inotify, directory, UInt32(IN_MOVED_TO)) >= 0 else {
            fail("inotify on \(directory): \(String(cString: strerror(errno)))")
        }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        var delays: [Int] = []
        var events = [UInt8](repeating: 0, count: 4096)
        var contents = [UInt8](repeating: 0, count: 64)
        let target = directory + "/" + name
        while delays.count < count {
            var watched = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, delays.isEmpty ? 30_000 : 2000) > 0 else { break }
            // One read takes every queued event; each rename is then read once, as a watcher that coalesces does.
            guard events.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 else { break }
            let descriptor = open(target, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let count = contents.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let now = wallClockNanoseconds()
            if count > 0, let sent = Int(String(decoding: contents[..<count], as: UTF8.self)) {
                delays.append((now - sent) / 1000)
            }
        }
        FileHandle.standardOutput.write(Data(delays.map { "\($0)\n" }.joined().utf8))
    }
}
