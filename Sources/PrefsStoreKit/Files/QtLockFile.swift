import PrefsSystem
public import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// Qt's lock on a file while it is saved: `<file>.lock`, a `QLockFile`, which KDE's KConfig and Qt's QSettings both
/// take, and which `prefs` takes as Qt does, so that a Qt or KDE program and `prefs` never write the same file at once.
///
/// The protocol (Qt's `qlockfile_unix.cpp`): the lock file is created exclusively (`O_EXCL`) holding the process id,
/// the program's name and the host's name, one per line, and held with `flock` too; it is released by removing it. A
/// lock file is stale, and removed, when its process is gone from this host (or runs another program), or when it
/// is older than 30 seconds — but never while another process holds its `flock`, which a live Qt holder does.
public struct QtLockFile: Sendable {
    /// How old a lock file is before it counts as stale, as `QLockFile`'s default says.
    static let staleAge: Duration = .seconds(30)

    /// The lock file: the file locked, `.lock` added.
    public let path: FilePath

    /// The lock of a file.
    ///
    /// - Parameter path: The lock file's path (`APP.conf.lock`).
    public init(path: FilePath) {
        self.path = path
    }

    /// Takes the lock, runs `body`, and releases it.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for another holder.
    ///   - body: The write.
    /// - Returns: What `body` returns.
    /// - Throws: ``QtLockFileError/timedOut(path:holder:)`` naming the holder when it keeps the lock,
    ///   ``QtLockFileError/cannotCreate(path:reason:)`` when the lock file cannot be made, or what `body` throws.
    public func withLock<Result>(timeout: Duration, _ body: () throws -> Result) throws -> Result {
        let descriptor = try acquire(timeout: timeout)
        defer {
            try? Syscall.unlink(path)
            try? descriptor.close()
        }
        return try body()
    }

    private func acquire(timeout: Duration) throws(QtLockFileError) -> FileDescriptor {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause: UInt32 = 100
        while true {
            do {
                let descriptor = try FileDescriptor.open(
                    path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
                do {
                    _ = try Array(Self.contents.utf8).withUnsafeBytes { try descriptor.writeAll($0) }
                    _ = try Syscall.tryFlock(descriptor, .exclusive)
                } catch {
                    try? Syscall.unlink(path)
                    try? descriptor.close()
                    throw QtLockFileError.cannotCreate(path: path.string, reason: "\(error)")
                }
                return descriptor
            } catch .fileExists {
                if removeIfStale() { continue }
            } catch {
                throw .cannotCreate(path: path.string, reason: "\(error)")
            }
            guard clock.now < deadline else { throw .timedOut(path: path.string, holder: holder()) }
            Syscall.sleep(microseconds: pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// What a lock file holds, as Qt writes it: this process's id, its program's name as the system knows it (Qt
    /// compares the two), the host's name, the machine's id and the boot's.
    static let contents: String = {
        let program =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                FilePath($0).lastComponent?.string ?? "prefs"
            } ?? "prefs"
        let machine = firstLine(of: "/etc/machine-id") ?? firstLine(of: "/var/lib/dbus/machine-id") ?? ""
        let boot = firstLine(of: "/proc/sys/kernel/random/boot_id") ?? ""
        return "\(Processes.currentID)\n\(program)\n\(ProcessInfo.processInfo.hostName)\n\(machine)\n\(boot)\n"
    }()

    /// A small system file's first line, trimmed, as `QSysInfo` reads the machine's and the boot's ids.
    private static func firstLine(of path: String) -> String? {
        guard let bytes = Self.read(FilePath(path)) else { return nil }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// The holder's id, program and host, read from the lock file.
    private func holder() -> String {
        let lines =
            Self.read(path).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "\n", omittingEmptySubsequences: false) ?? []
        guard lines.count >= 2, let pid = Int32(lines[0]) else { return "another program (an unreadable lock file)" }
        let host = lines.count > 2 && !lines[2].isEmpty ? " on \(lines[2])" : ""
        return "\(lines[1]) (process \(pid)\(host))"
    }

    /// Removes the lock file when Qt would count it stale and nobody holds its `flock`.
    private func removeIfStale() -> Bool {
        guard let bytes = Self.read(path) else {
            // Gone already, or unreadable: try again, and time out naming what is there.
            return (try? Stat(path, followTargetSymlink: false)) == nil
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var stale = false
        if lines.count >= 3, let pid = Int32(lines[0]) {
            let host = String(lines[2])
            if host.isEmpty || host == ProcessInfo.processInfo.hostName {
                stale = !Syscall.processExists(pid) || !Self.runs(pid, program: String(lines[1]))
            }
        }
        if !stale, let status = try? Stat(path, followTargetSymlink: false) {
            let modified = status.modified.secondsSince1970
            let now = Date().timeIntervalSince1970
            stale = abs(now - modified) > Double(Self.staleAge.components.seconds)
        }
        guard stale else { return false }
        // Qt's removeStaleLockFile: only a lock file nobody holds with flock is removed.
        guard let descriptor = try? FileDescriptor.open(path, .writeOnly, options: [.noFollow, .closeOnExec]) else {
            return false
        }
        defer { try? descriptor.close() }
        guard (try? Syscall.tryFlock(descriptor, .exclusive)) == true else { return false }
        return (try? Syscall.unlink(path)) != nil
    }

    /// Whether a process runs a program of this name, as Qt checks (`/proc/PID/exe`); `true` when it cannot tell.
    private static func runs(_ pid: Int32, program: String) -> Bool {
        guard !program.isEmpty,
            let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        else { return true }
        return FilePath(executable).lastComponent?.string == program
    }

    /// A small file's bytes, or `nil` when it cannot be read: a lock file names its holder only for a message, and one
    /// that cannot be read is one to wait for.
    private static func read(_ path: FilePath) -> [UInt8]? {
        (try? SmallFile.read(path, limit: 4096, limitText: "4 KiB")).flatMap { $0 }.map { Array($0) }
    }
}

/// Why a `QLockFile` could not be taken.
public enum QtLockFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another program held it past the deadline: its name and process, as the lock file says.
    case timedOut(path: String, holder: String)
    /// The lock file could not be made or written.
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .timedOut(let path, let holder): "\(path) is held by \(holder)"
        case .cannotCreate(let path, let reason): "cannot create the lock file \(path): \(reason)"
        }
    }
}
