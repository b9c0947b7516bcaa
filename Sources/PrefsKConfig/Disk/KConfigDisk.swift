import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and replacing KConfig files, through the file store's system calls (`Syscall`), so that a test injects
/// the same failures into both stores.
enum KConfigDisk {
    /// A file's bytes, following a symbolic link as KConfig does, if it is a regular file no larger than
    /// ``KConfigFile/maximumSize``.
    ///
    /// It is opened without blocking, so that a FIFO under the name cannot hang the reader.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The most bytes read; a larger file is refused.
    ///   - administrators: Whether the file must be an administrator's, as a system copy must: owned by root or this
    ///     user, and writable by its owner alone, as the file store, sudo and dconf require of the files that rule
    ///     them; anyone else could plant values or `[$i]` locks in every user's settings.
    /// - Returns: The bytes, or `nil` when there is no file.
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` naming what is wrong;
    ///   ``KConfigStoreError/untrusted(path:reason:)`` for a system copy someone else could have written.
    static func read(_ path: FilePath, limit: Int = KConfigFile.maximumSize, administrators: Bool = false)
        throws(KConfigStoreError) -> [UInt8]?
    {
        guard let descriptor = try open(path) else { return nil }
        defer { try? descriptor.close() }
        do {
            let status = try descriptor.stat()
            guard status.type == .regular else {
                throw KConfigStoreError.unreadable(path: path.string, reason: "not a file")
            }
            if administrators, let problem = AdministratorsFile.problem(status) {
                throw KConfigStoreError.untrusted(path: path.string, reason: problem)
            }
            guard status.size <= limit else {
                throw KConfigStoreError.unreadable(path: path.string, reason: "it is larger than \(limit / 1024) KiB")
            }
            var bytes = [UInt8](repeating: 0, count: Int(status.size) + 1)
            var count = 0
            while true {
                if count == bytes.count {
                    guard count <= limit else {
                        throw KConfigStoreError.unreadable(
                            path: path.string, reason: "it is larger than \(limit / 1024) KiB")
                    }
                    bytes += repeatElement(0, count: 4096)
                }
                let read = try bytes.withUnsafeMutableBytes { raw in
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
                }
                if read == 0 { break }
                count += read
            }
            bytes.removeSubrange(count...)
            return bytes
        } catch let error as KConfigStoreError {
            throw error
        } catch {
            throw .unreadable(path: path.string, reason: "\(error)")
        }
    }

    /// Opens a file for reading without blocking, so that a FIFO under the name cannot hang the reader.
    ///
    /// - Parameter path: The file.
    /// - Returns: The descriptor, or `nil` when there is no file.
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` naming what is wrong.
    private static func open(_ path: FilePath) throws(KConfigStoreError) -> FileDescriptor? {
        do {
            return try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch .noSuchFileOrDirectory, .notDirectory {
            return nil
        } catch {
            throw .unreadable(path: path.string, reason: "\(error)")
        }
    }

    /// The start of a file, at most `count` bytes, with no more system calls than that needs.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - count: How many bytes.
    /// - Returns: The bytes, or `nil` when there is no file.
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` naming what is wrong.
    static func readStart(_ path: FilePath, count: Int) throws(KConfigStoreError) -> [UInt8]? {
        guard let descriptor = try open(path) else { return nil }
        defer { try? descriptor.close() }
        var bytes = [UInt8](repeating: 0, count: count)
        do {
            var filled = 0
            while filled < count {
                let read = try bytes.withUnsafeMutableBytes { raw in
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                }
                if read == 0 { break }
                filled += read
            }
            bytes.removeSubrange(filled...)
        } catch {
            throw .unreadable(path: path.string, reason: "\(error)")
        }
        return bytes
    }

    /// Where a write goes: the file itself, or the file a symbolic link leads to (as KDE's `QSaveFile` writes
    /// through a link), so that a dotfile manager's links stay links.
    ///
    /// - Parameter path: The suite's file.
    /// - Returns: The file to replace.
    /// - Throws: ``KConfigStoreError/unsafe(path:reason:)`` for a chain of more than eight links.
    static func target(of path: FilePath) throws(KConfigStoreError) -> FilePath {
        var current = path
        for _ in 0..<8 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.string) else {
                return current
            }
            let next = FilePath(destination)
            current = next.isAbsolute ? next : (current.removingLastComponent().appending(next.components))
        }
        throw .unsafe(path: path.string, reason: "it is a chain of more than eight symbolic links")
    }

    /// Replaces a file with new contents atomically: a staging file beside it, written and flushed, renamed over it.
    ///
    /// The staging file is created anew (`O_EXCL`, no link followed), never adopted; one a killed write left is
    /// removed first. The new file keeps the old one's mode; a new file is readable by its owner only, as KConfig
    /// creates it. A file another user owns is written only by root, which gives the new file back to its owner.
    ///
    /// - Parameters:
    ///   - path: The file (already through ``target(of:)``).
    ///   - bytes: The new contents.
    /// - Throws: ``KConfigStoreError/writeFailed(path:reason:)`` or ``KConfigStoreError/unsafe(path:reason:)``; the
    ///   file is unchanged then.
    static func replace(_ path: FilePath, with bytes: [UInt8]) throws(KConfigStoreError) {
        let existing: Stat?
        do {
            existing = try Stat(path, followTargetSymlink: false)
        } catch .noSuchFileOrDirectory {
            existing = nil
        } catch {
            // Not knowing the file's mode and owner, a new file would not keep them.
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
        if let existing {
            guard existing.type == .regular else {
                throw .unsafe(
                    path: path.string, reason: "it is \(existing.type == .symbolicLink ? "a link" : "not a file")")
            }
            let owner = existing.userID.rawValue
            let me = Syscall.effectiveUserID()
            guard owner == me || me == 0 else {
                throw .unsafe(path: path.string, reason: "it belongs to user \(owner)")
            }
        }
        guard let name = path.lastComponent else { throw .writeFailed(path: path.string, reason: "no file name") }
        let staging = path.removingLastComponent().appending(".\(name.string).prefs-new")
        try? Syscall.unlink(staging)
        let permissions =
            existing.map { FilePermissions(rawValue: $0.permissions.rawValue & 0o7777) } ?? [
                .ownerReadWrite
            ]
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                staging, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite])
        } catch {
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
        do {
            defer { try? descriptor.close() }
            try Syscall.fchmod(descriptor, permissions)
            if let existing, existing.userID.rawValue != Syscall.effectiveUserID() {
                try Syscall.fchown(descriptor, owner: existing.userID.rawValue, group: existing.groupID.rawValue)
            }
            _ = try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
            try Syscall.fsync(descriptor)
            try Syscall.rename(staging, path)
        } catch {
            try? Syscall.unlink(staging)
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
    }

    /// Removes a file, as KConfig does when a save would leave it empty.
    ///
    /// - Parameter path: The file (already through ``target(of:)``).
    /// - Throws: ``KConfigStoreError/writeFailed(path:reason:)``; the file is unchanged then.
    static func remove(_ path: FilePath) throws(KConfigStoreError) {
        do {
            try Syscall.unlink(path)
        } catch .noSuchFileOrDirectory {
            return
        } catch {
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
    }
}
