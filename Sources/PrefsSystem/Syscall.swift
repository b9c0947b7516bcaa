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
/// Those that take a path consult ``SyscallFaults`` first, where tests inject failures. This module is the one door
/// to the C library, as swift-nio's `Posix` is to its own: no other Swift module imports Glibc, Musl or Darwin, and
/// none of their types crosses this module's interface (descriptors and errors are swift-system's).
package enum Syscall {
    /// Which lock ``tryFlock(_:_:)`` takes.
    package enum FileLock: Sendable {
        /// Many holders at once, none exclusive (`LOCK_SH`).
        case shared
        /// One holder (`LOCK_EX`).
        case exclusive
    }

    /// Tries to take a lock without waiting.
    ///
    /// The corresponding C function is `flock` with `LOCK_NB`.
    ///
    /// - Returns: `false` when another open file description holds a conflicting lock.
    package static func tryFlock(_ descriptor: FileDescriptor, _ lock: FileLock) throws(Errno) -> Bool {
        let operation = lock == .exclusive ? LOCK_EX : LOCK_SH
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

    /// Sleeps for a time; a signal that interrupts it ends it early.
    ///
    /// The corresponding C function is `usleep`.
    package static func sleep(microseconds: UInt32) {
        _ = usleep(microseconds)
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

    /// Calls `body` until it succeeds or fails with something other than `EINTR`.
    @discardableResult
    static func retrying<Result: FixedWidthInteger>(_ body: () -> Result) throws(Errno) -> Result {
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
