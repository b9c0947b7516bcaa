import CPrefsSystem
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thin wrapper per system call that swift-system does not cover, each turning `-1` and `errno` into a typed
/// `Errno` and retrying when interrupted.
///
/// Those that take a path consult ``SyscallFaults`` first, where tests inject failures.
package enum Syscall {
    /// The corresponding C function is `flock`.
    package static func flock(_ descriptor: FileDescriptor, _ operation: CInt) throws(Errno) {
        try retrying { cFlock(descriptor.rawValue, operation) }
    }

    /// Tries to take a lock without waiting.
    ///
    /// The corresponding C function is `flock` with `LOCK_NB`.
    ///
    /// - Returns: `false` when another open file description holds a conflicting lock.
    package static func tryFlock(_ descriptor: FileDescriptor, _ operation: CInt) throws(Errno) -> Bool {
        do {
            try retrying { cFlock(descriptor.rawValue, operation | LOCK_NB) }
            return true
        } catch .wouldBlock {
            return false
        }
    }

    /// The corresponding C function is `fchmod`.
    package static func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try retrying { cFchmod(descriptor.rawValue, mode_t(permissions.rawValue)) }
    }

    /// The corresponding C function is `fchown`.
    package static func fchown(_ descriptor: FileDescriptor, owner: UInt32, group: UInt32) throws(Errno) {
        try retrying { cFchown(descriptor.rawValue, uid_t(owner), gid_t(group)) }
    }

    /// The effective user this process acts as.
    ///
    /// The corresponding C function is `geteuid`, which cannot fail.
    package static func effectiveUserID() -> UInt32 {
        UInt32(geteuid())
    }

    /// Whether a process exists, whoever runs it.
    ///
    /// The corresponding C function is `kill` with signal 0, which checks without sending anything.
    package static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return cKill(pid, 0) == 0 || errno == EPERM
    }

    /// The corresponding C function is `rename`.
    package static func rename(_ source: FilePath, _ destination: FilePath) throws(Errno) {
        if let fault = SyscallFaults.shared.error(for: "rename", path: destination) { throw fault }
        try retrying {
            source.withPlatformString { from in destination.withPlatformString { to in cRename(from, to) } }
        }
    }

    /// Atomically swaps two existing paths, so that each names the other's file.
    ///
    /// The corresponding C function is `renameat2` with `RENAME_EXCHANGE`; it fails with `ENOSYS` where there is none.
    package static func renameExchange(_ first: FilePath, _ second: FilePath) throws(Errno) {
        if let fault = SyscallFaults.shared.error(for: "renameExchange", path: second) { throw fault }
        try retrying {
            first.withPlatformString { one in second.withPlatformString { other in cRenameExchange(one, other) } }
        }
    }

    /// Starts writing a file's dirty pages to the disk, without waiting for them.
    ///
    /// The corresponding C function is `sync_file_range` with `SYNC_FILE_RANGE_WRITE`; a no-op where there is none.
    package static func startWriteback(_ descriptor: FileDescriptor) throws(Errno) {
        try retrying { cStartWriteback(descriptor.rawValue) }
    }

    /// The corresponding C function is `unlink`.
    package static func unlink(_ path: FilePath) throws(Errno) {
        if let fault = SyscallFaults.shared.error(for: "unlink", path: path) { throw fault }
        try retrying { path.withPlatformString { cUnlink($0) } }
    }

    /// The corresponding C function is `mkdir`.
    package static func mkdir(_ path: FilePath, permissions: FilePermissions) throws(Errno) {
        try retrying { path.withPlatformString { cMkdir($0, mode_t(permissions.rawValue)) } }
    }

    /// The corresponding C function is `fsync`.
    package static func fsync(_ descriptor: FileDescriptor) throws(Errno) {
        try retrying { cFsync(descriptor.rawValue) }
    }

    /// The corresponding C function is `pipe`.
    package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [CInt] = [-1, -1]
        try retrying { cPipe(&fds) }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    /// Waits until one of the descriptors is readable, and says which.
    ///
    /// The corresponding C function is `poll`.
    package static func pollReadable(_ descriptors: [FileDescriptor], timeoutMilliseconds: CInt) throws(Errno) -> [Bool]
    {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let count = entries.count
        try retrying { cPoll(&entries, nfds_t(count), timeoutMilliseconds) }
        return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }

    #if os(Linux)
    /// Opens a stream socket connected to a Unix socket's address.
    ///
    /// The corresponding C functions are `socket` (`AF_UNIX`, `SOCK_STREAM | SOCK_CLOEXEC`) and `connect`; tests
    /// inject a failure with ``SyscallFaults`` rules for `connect` under the socket's path.
    ///
    /// - Parameter address: The bytes of `sun_path`: a path, or a nul then a name in the abstract namespace.
    /// - Returns: The connected socket, closed on exec.
    /// - Throws: `Errno.nameTooLong` for an address `sun_path` cannot hold; the call's error otherwise.
    package static func connectUnixSocket(_ address: [UInt8]) throws(Errno) -> FileDescriptor {
        if let fault = SyscallFaults.shared.error(
            for: "connect", path: FilePath(String(decoding: address, as: UTF8.self)))
        {
            throw fault
        }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let abstract = address.first == 0
        // A path ends in a nul that sun_path must hold too; a name in the abstract namespace is counted exactly.
        guard address.count + (abstract ? 0 : 1) <= MemoryLayout.size(ofValue: socketAddress.sun_path) else {
            throw .fileNameTooLong
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count + (abstract ? 0 : 1))
        let descriptor = FileDescriptor(
            rawValue: try retrying { cSocket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0) })
        do throws(Errno) {
            try retrying {
                withUnsafePointer(to: &socketAddress) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cConnect(descriptor.rawValue, $0, length) }
                }
            }
        } catch {
            try? descriptor.close()
            throw error
        }
        return descriptor
    }

    /// Sends bytes on a connected socket, all of them, without the `SIGPIPE` a closed peer would raise.
    ///
    /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
    package static func sendAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) throws(Errno) {
        var sent = 0
        while sent < bytes.count {
            let count = try retrying {
                bytes.withUnsafeBytes { buffer in
                    cSend(
                        descriptor.rawValue, buffer.baseAddress?.advanced(by: sent), buffer.count - sent,
                        CInt(MSG_NOSIGNAL))
                }
            }
            sent += count
        }
    }

    /// The corresponding C function is `inotify_init1`.
    package static func inotifyInit() throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { cInotifyInit1(CInt(IN_CLOEXEC | IN_NONBLOCK)) })
    }

    /// The corresponding C function is `inotify_add_watch`.
    package static func inotifyAddWatch(_ descriptor: FileDescriptor, _ path: FilePath, mask: UInt32) throws(Errno)
        -> CInt
    {
        try retrying { path.withPlatformString { cInotifyAddWatch(descriptor.rawValue, $0, mask) } }
    }
    #endif

    /// Calls `body` until it succeeds or fails with something other than `EINTR`.
    @discardableResult
    private static func retrying<Result: FixedWidthInteger>(_ body: () -> Result) throws(Errno) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let error = Errno(rawValue: errno)
            if error != .interrupted { throw error }
        }
    }
}

// The C functions, renamed so that the wrappers above can use the plain names.
private let cFlock = flock
private let cRename = rename
private let cRenameExchange = cprefs_rename_exchange
private let cStartWriteback = cprefs_start_writeback
private let cUnlink = unlink
private let cMkdir = mkdir
private let cFsync = fsync
private let cFchmod = fchmod
private let cFchown = fchown
private let cKill = kill
private let cPipe = pipe
private let cPoll = poll
#if os(Linux)
private let cInotifyInit1 = inotify_init1
private let cSocket = socket
private let cConnect = connect
private let cSend = send
private let cInotifyAddWatch = inotify_add_watch
#endif
