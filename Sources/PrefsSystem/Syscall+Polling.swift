package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `poll` reports of one descriptor.
package struct PollEvents: OptionSet, Sendable {
    package let rawValue: Int16

    package init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    /// Data can be read, or the end of the input was reached (`POLLIN`).
    package static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// The other end hung up (`POLLHUP`).
    package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    /// An error condition (`POLLERR`).
    package static let error = PollEvents(rawValue: Int16(POLLERR))
    /// The descriptor is not open (`POLLNVAL`).
    package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

extension Syscall {
    /// The corresponding C function is `pipe`.
    package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [CInt] = [-1, -1]
        try retrying { fds.withUnsafeMutableBufferPointer { cPipe($0.baseAddress) } }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    /// Waits until one of the descriptors is ready to be read, or for at most a time, and says what each is.
    ///
    /// The corresponding C function is `poll`, retried when a signal interrupts it (a signal forwarded to a pipe
    /// is then in the pipe, and the retry sees it).
    ///
    /// - Parameters:
    ///   - descriptors: What to wait on, each for input.
    ///   - timeoutMilliseconds: How long to wait at most; -1 for ever.
    /// - Returns: What each descriptor reports, in order: empty for those not ready.
    /// - Throws: `Errno` for a failure other than an interruption.
    package static func poll(_ descriptors: [FileDescriptor], timeoutMilliseconds: CInt) throws(Errno) -> [PollEvents] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let count = entries.count
        try retrying {
            entries.withUnsafeMutableBufferPointer { cPoll($0.baseAddress, nfds_t(count), timeoutMilliseconds) }
        }
        return entries.map { PollEvents(rawValue: $0.revents) }
    }

    /// Waits until one of the descriptors is readable, and says which.
    ///
    /// The corresponding C function is `poll`.
    package static func pollReadable(_ descriptors: [FileDescriptor], timeoutMilliseconds: CInt) throws(Errno) -> [Bool]
    {
        try poll(descriptors, timeoutMilliseconds: timeoutMilliseconds).map {
            !$0.isDisjoint(with: [.readable, .hangUp, .error])
        }
    }

    /// Makes a descriptor's reads and writes return at once rather than wait.
    ///
    /// The corresponding C function is `fcntl(F_SETFL, O_NONBLOCK)`.
    package static func setNonblocking(_ descriptor: FileDescriptor) throws(Errno) {
        let flags = try retrying { cFcntl(descriptor.rawValue, F_GETFL, 0) }
        try retrying { cFcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK) }
    }
}

/// The C library's `pipe`, named apart from ``Syscall/pipe()``.
private func cPipe(_ ends: UnsafeMutablePointer<CInt>?) -> CInt {
    ends.map { pipe($0) } ?? -1
}

/// The C library's `poll`, named apart from ``Syscall/poll(_:timeoutMilliseconds:)``.
private func cPoll(_ entries: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: CInt) -> CInt {
    poll(entries, count, timeout)
}

/// The C library's `fcntl` with one integer argument; Swift cannot call the variadic C function by another name.
private func cFcntl(_ descriptor: CInt, _ command: CInt, _ argument: CInt) -> CInt {
    fcntl(descriptor, command, argument)
}
