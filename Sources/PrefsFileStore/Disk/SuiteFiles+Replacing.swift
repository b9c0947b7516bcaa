import Foundation
import SystemPackage

extension SuiteFiles {
    /// Writes new contents to a staging file and swaps it with the property list, so that a reader, or a writer
    /// killed at any moment, only ever sees the old file or the new one.
    ///
    /// Where the file system can swap two names atomically (Linux's `renameat2` with `RENAME_EXCHANGE`), the new
    /// file appears at once and the old one stays under the staging name until the new one's data is on its way to
    /// the disk; only then is it removed. A power loss in between leaves the old version there, and the next locked
    /// read brings it back (see ``restorePrevious(keepingCorrupt:)``). A plain rename over the old file would be as
    /// safe, but ext4 makes it write the new file's data first, which delays every watcher by a millisecond or two.
    ///
    /// The staging file is always this process's own: a fresh file, or the empty one the last write prepared once
    /// `fstat` shows it is a regular file with one link, owned by this user. Anything else under that name — a link,
    /// a hard link to another file, another user's file — is removed first, or the write is refused.
    ///
    /// - Parameters:
    ///   - bytes: The suite's new contents.
    ///   - durability: Whether to flush to the disk before the swap.
    ///   - beforeSwap: Called just before the new file appears, so that a watcher can recognise it as already
    ///     applied.
    /// - Throws: ``FileStoreError/unsafe(path:reason:)`` when the suite's name is a link or the staging file cannot
    ///   be made this process's own, or ``FileStoreError/io(path:operation:reason:)``; the suite is unchanged then.
    /// - Precondition: The caller holds the suite's exclusive lock, since every writer stages under the same name.
    func replace(with bytes: [UInt8], durability: FileStore.Durability, beforeSwap: () -> Void) throws(FileStoreError) {
        let permissions = try permissionsToKeep()
        let descriptor = try ownStagingFile()
        // Closed after the swap: closing a written file wakes every watcher of the directory, and before the swap
        // that would take the processor from this writer when the watchers have nothing to read yet.
        defer { try? descriptor.close() }
        do {
            try Syscall.fchmod(descriptor, permissions)
            _ = try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
            if durability == .powerLoss { try Syscall.fsync(descriptor) }
        } catch {
            try? Syscall.unlink(staging)
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
        }
        beforeSwap()
        let swapped: Bool
        do {
            swapped = try swapOrRename()
        } catch {
            try? Syscall.unlink(staging)
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
        }
        if swapped {
            // What a rename over the old file would have done first: the data is written before the old version goes.
            if durability == .processCrash { try? Syscall.startWriteback(descriptor) }
            try? Syscall.unlink(staging)
            prepareStagingFile()
        }
    }

    /// The permissions the new file gets: those of the suite it replaces, when this user owns it, without write
    /// access for anyone else; otherwise read and write for the owner only, whatever the umask.
    ///
    /// - Throws: ``FileStoreError/unsafe(path:reason:)`` when the suite's name is a symbolic link, which a rename
    ///   would replace rather than write through.
    private func permissionsToKeep() throws(FileStoreError) -> FilePermissions {
        guard let status = try? Stat(plist, followTargetSymlink: false) else { return [.ownerReadWrite] }
        if status.type == .symbolicLink {
            throw .unsafe(
                path: plist.string,
                reason: "the suite is a symbolic link; prefs writes only files it can replace, so it never writes "
                    + "through a link (write to its target's directory instead)")
        }
        guard status.type == .regular, status.userID.rawValue == Syscall.effectiveUserID() else {
            return [.ownerReadWrite]
        }
        let kept = status.permissions.rawValue & 0o644
        return FilePermissions(rawValue: kept | 0o600)
    }

    /// Opens the staging file for writing, making sure it is this process's own.
    private func ownStagingFile() throws(FileStoreError) -> FileDescriptor {
        // The empty file the last write prepared, when it is still exactly that.
        if let prepared = try? FileDescriptor.open(
            staging, .writeOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
        {
            if let status = try? prepared.stat(), isOwn(status), status.size == 0 { return prepared }
            try? prepared.close()
        }
        do {
            try Syscall.unlink(staging)
        } catch .noSuchFileOrDirectory {
        } catch {
            throw .unsafe(
                path: staging.string,
                reason: "a file this process did not create stands there and cannot be removed (\(error)); "
                    + "nothing was written")
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                staging, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite])
        } catch {
            throw .io(path: staging.string, operation: "create", reason: "\(error)")
        }
        guard let status = try? descriptor.stat(), isOwn(status) else {
            try? descriptor.close()
            throw .unsafe(path: staging.string, reason: "the file created is not this user's own regular file")
        }
        return descriptor
    }

    /// Whether a file is one this process may write the suite into: a regular file with a single link, owned by
    /// this user.
    private func isOwn(_ status: Stat) -> Bool {
        status.type == .regular && status.linkCount == 1 && status.userID.rawValue == Syscall.effectiveUserID()
    }

    /// Creates the next write's staging file, empty, now rather than when that write is waited for.
    ///
    /// Creating a file is most of the cost of writing a small one. It is opened read-only, so that closing it wakes
    /// no watcher, and being empty it is never taken for a previous version to restore.
    private func prepareStagingFile() {
        let descriptor = try? FileDescriptor.open(
            staging, .readOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
            permissions: [.ownerReadWrite])
        try? descriptor?.close()
    }

    /// Puts the staging file in place of the property list.
    ///
    /// - Returns: `true` when the two were swapped (the old version is now the staging file), `false` when the
    ///   staging file was renamed over the property list.
    private func swapOrRename() throws(Errno) -> Bool {
        do {
            try Syscall.renameExchange(staging, plist)
            return true
        } catch .noSuchFileOrDirectory, .invalidArgument, .noFunction, .notSupported {
            // No property list yet, or a file system or system that cannot swap.
            try Syscall.rename(staging, plist)
            return false
        }
    }

    /// Whether a version a crash left under the staging name sits beside the property list.
    var hasStagedFile: Bool {
        guard let status = try? Stat(staging, followTargetSymlink: false) else { return false }
        return status.size > 0
    }

    /// Brings back the version a swap left under the staging name, when it is this user's own regular file and
    /// decodes to a suite with keys.
    ///
    /// The staging file is opened without following links; a link, another user's file or a hard link is never
    /// adopted. A corrupt property list is first moved aside as `<suite>.plist.corrupt-<time>`, never deleted.
    ///
    /// - Parameter keepingCorrupt: Whether the property list holds something to keep (it is corrupt, not empty).
    /// - Returns: That version, now the property list again, or `nil`.
    func restorePrevious(keepingCorrupt: Bool) -> Version? {
        guard
            let descriptor = try? FileDescriptor.open(
                staging, .readOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
        else { return nil }
        defer { try? descriptor.close() }
        guard let status = try? descriptor.stat(), isOwn(status), status.size > 0,
            let bytes = try? readBytes(staging, followingLinks: false),
            var previous = try? decode(bytes, previous: nil), !previous.image.values.isEmpty
        else { return nil }
        var movedAside: FilePath?
        if keepingCorrupt {
            guard let moved = try? moveAside() else { return nil }
            movedAside = moved
        }
        do {
            try Syscall.rename(staging, plist)
        } catch {
            return nil
        }
        previous.restoration = Restoration(movedAside: movedAside)
        return previous
    }

    /// Moves the property list aside as `<suite>.plist.corrupt-<time>`, keeping it for a person to look at.
    ///
    /// - Returns: Where the file now is.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when it cannot be moved.
    func moveAside() throws(FileStoreError) -> FilePath {
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let suffix = ".plist.corrupt-\(stamp)-\(getpid())"
        // The suite's name is shortened when needed, so that the whole name fits in the file system's 255 bytes.
        var base = name.rawValue
        while base.utf8.count + suffix.utf8.count + 4 > 255 { base.removeLast() }
        var destination = directory.appending(base + suffix)
        // Never over another copy moved aside in the same second.
        var attempt = 1
        while (try? Stat(destination, followTargetSymlink: false)) != nil, attempt < 1000 {
            attempt += 1
            destination = directory.appending(base + suffix + "-\(attempt)")
        }
        do {
            try Syscall.rename(plist, destination)
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "move aside", reason: "\(error)")
        }
        return destination
    }
}
