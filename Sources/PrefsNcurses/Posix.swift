import CNcurses
import CPrefsSystem
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The backend's one door to libc beside ncurses, as swift-nio keeps its system calls in one place.
///
/// The pipes that wake it and carry signals, and the poll that waits on them and the terminal. Each checks its
/// result and throws `Errno`; descriptors are swift-system's.
enum Posix {
    /// A pipe whose ends do not block, closed when the last reference goes: a failed start leaks nothing.
    final class Pipe: Sendable {
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor

        /// The corresponding C functions are `pipe` and `fcntl(F_SETFL, O_NONBLOCK)`.
        init() throws(Errno) {
            let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
            do { ends = try FileDescriptor.pipe() } catch let error as Errno { throw error } catch { throw .ioError }
            readEnd = ends.readEnd
            writeEnd = ends.writeEnd
            try Posix.setNonblocking(readEnd)
            try Posix.setNonblocking(writeEnd)
        }

        deinit {
            try? readEnd.close()
            try? writeEnd.close()
        }

        /// Reads everything waiting in the pipe.
        ///
        /// - Returns: The bytes read; empty when none were waiting.
        func drain() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64)
            while let count = try? buffer.withUnsafeMutableBytes({ try readEnd.read(into: $0) }), count > 0 {
                bytes += buffer[..<count]
            }
            return bytes
        }

        /// Writes one byte, from any thread or a signal handler's pipe; a full pipe already wakes the reader.
        func send(_ byte: UInt8) {
            _ = try? [byte].withUnsafeBytes { try writeEnd.write($0) }
        }
    }

    /// The corresponding C function is `fcntl(F_SETFL, O_NONBLOCK)`.
    static func setNonblocking(_ descriptor: FileDescriptor) throws(Errno) {
        let flags = fcntl(descriptor.rawValue, F_GETFL)
        guard flags >= 0, fcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw Errno(rawValue: errno)
        }
    }

    /// The size of the terminal on a descriptor.
    ///
    /// The corresponding C function is `ioctl(TIOCGWINSZ)`, through the shim's `cprefs_window_size`.
    ///
    /// - Parameter descriptor: A terminal.
    /// - Returns: Its columns and rows.
    /// - Throws: `Errno` when the descriptor is not a terminal.
    static func windowSize(_ descriptor: CInt) throws(Errno) -> (width: Int, height: Int) {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard cprefs_window_size(descriptor, &rows, &columns) == 0 else { throw Errno(rawValue: errno) }
        return (Int(columns), Int(rows))
    }

    /// The corresponding C function is `poll`, retried when a signal interrupts it (the signal's byte is then in
    /// its pipe, and the retry sees it).
    ///
    /// - Parameters:
    ///   - descriptors: What to wait on; their `revents` are set.
    ///   - milliseconds: How long to wait at most; -1 for ever.
    /// - Throws: `Errno` for any other failure.
    static func poll(_ descriptors: inout [pollfd], milliseconds: CInt) throws(Errno) {
        while true {
            let count = nfds_t(descriptors.count)
            if systemPoll(&descriptors, count, milliseconds) >= 0 { return }
            guard errno == EINTR else { throw Errno(rawValue: errno) }
        }
    }
}

/// The C library's `poll`, named apart from ``Posix/poll(_:milliseconds:)``.
private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: CInt) -> CInt {
    #if canImport(Glibc)
    Glibc.poll(descriptors, count, timeout)
    #else
    Darwin.poll(descriptors, count, timeout)
    #endif
}
