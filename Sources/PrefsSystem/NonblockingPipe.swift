package import SystemPackage

/// A pipe whose ends do not block, closed when the last reference goes: a failed start leaks nothing.
///
/// It wakes a loop that waits in `poll` from another thread, or carries the signals forwarded to it.
package final class NonblockingPipe: Sendable {
    /// The end a loop waits on.
    package let readEnd: FileDescriptor
    /// The end other threads and signal handlers write to.
    package let writeEnd: FileDescriptor

    /// The corresponding C functions are `pipe` and `fcntl(F_SETFL, O_NONBLOCK)`.
    package init() throws(Errno) {
        let ends = try Syscall.pipe()
        readEnd = ends.read
        writeEnd = ends.write
        try Syscall.setNonblocking(readEnd)
        try Syscall.setNonblocking(writeEnd)
    }

    deinit {
        try? readEnd.close()
        try? writeEnd.close()
    }

    /// Reads everything waiting in the pipe.
    ///
    /// - Returns: The bytes read; empty when none were waiting.
    package func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            do {
                let count = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0, retryOnInterrupt: true) }
                guard count > 0 else { return bytes }
                bytes += buffer[..<count]
            } catch {
                // `EAGAIN` is the empty pipe; a pipe this object owns, open until it goes, fails no other way.
                return bytes
            }
        }
    }

    /// Writes one byte, from any thread.
    package func send(_ byte: UInt8) {
        do {
            _ = try [byte].withUnsafeBytes { try writeEnd.write($0, retryOnInterrupt: true) }
        } catch {
            // `EAGAIN`: the pipe is full, and a full pipe already wakes the reader; nothing else fails here.
        }
    }
}
