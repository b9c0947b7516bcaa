import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
extension SuiteFiles {
    /// Writes new contents to a staging file and swaps it with the property list, so that a reader, or a writer
    /// killed at any moment, only ever sees the old file or the new one.
    ///
    /// Where the file system can swap two names atomically (Linux's `renameat2` with `RENAME_EXCHANGE`), the new
    /// file appears at once and the old one, now under the staging name, is renamed to ``previous`` once the new
    /// one's data is on its way to the disk: the committed previous version, which `prefs recover --from-previous`
    /// restores after a power loss tore the new file. A writer killed between the swap and that rename leaves the old
    /// version under the staging name, where it is never taken for anything and is removed by the next locked read.
    /// A plain rename over the old file would be as safe, but ext4 makes it write the new file's data first, which
    /// delays every watcher by a millisecond or two.
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
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` when the suite's name is a link or the staging file cannot
    ///   be made this process's own, or ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)``; the suite is unchanged then.
    /// - Precondition: The caller holds the suite's exclusive lock, since every writer stages under the same name.
    func replace(with bytes: [UInt8], durability: FileStore.Durability, beforeSwap: () -> Void) throws(FileStoreError) {
        let kept = try attributesToKeep()
        let (descriptor, status) = try ownStagingFile()
        // Closed after the swap: closing a written file wakes every watcher of the directory, and before the swap
        // that would take the processor from this writer when the watchers have nothing to read yet.
        defer { try? descriptor.close() }
        do throws(FileStoreError) {
            try keep(kept, on: descriptor, status: status)
        } catch {
            try? Syscall.unlink(staging)
            throw error
        }
        do {
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
            do {
                try Syscall.rename(staging, previous)
            } catch {
                try? Syscall.unlink(staging)
            }
            // Not in another user's directory: root writing a user's suite leaves nothing of its own there.
            if kept.owner == nil { prepareStagingFile() }
        }
    }

    /// What the new file takes from the suite it replaces: its mode, and its owner and group when those are not what a
    /// file this process creates gets.
    struct KeptAttributes {
        var permissions: FilePermissions
        /// The owner to give the new file, when the suite is another user's (a write as root).
        var owner: UInt32?
        /// The group to give the new file.
        var group: UInt32?
    }

    /// The mode, owner and group the new file must keep: the suite's own, exactly.
    ///
    /// A new suite is read and write for its owner only, whatever the umask. A suite its owner made read-only is
    /// read-only to prefs too, even as root; another user's suite is written only by root, which can give the new
    /// file back to its owner.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` when the suite's name is a symbolic link, which a rename
    ///   would replace rather than write through; ``/PrefsStoreKit/FileStoreError/notWritable(suite:path:reason:)`` for a read-only
    ///   suite or another user's when this process cannot give it back.
    func attributesToKeep() throws(FileStoreError) -> KeptAttributes {
        guard let status = try? Stat(plist, followTargetSymlink: false) else {
            return KeptAttributes(permissions: [.ownerReadWrite])
        }
        if status.type == .symbolicLink {
            throw .unsafe(
                path: plist.string,
                reason: "the suite is a symbolic link; prefs writes only files it can replace, so it never writes "
                    + "through a link (write to its target's directory instead)")
        }
        guard status.type == .regular else { return KeptAttributes(permissions: [.ownerReadWrite]) }
        let mode = status.permissions.rawValue & 0o777
        guard mode & 0o200 != 0 else {
            throw .notWritable(
                suite: name.rawValue, path: plist.string,
                reason: "its file is read-only (mode \(String(mode, radix: 8))); make it writable to change it")
        }
        let user = Syscall.effectiveUserID()
        let owner = status.userID.rawValue
        guard owner == user || user == 0 else {
            throw .notWritable(
                suite: name.rawValue, path: plist.string,
                reason: "its file belongs to user \(owner), and a write by user \(user) would make it theirs")
        }
        return KeptAttributes(
            permissions: FilePermissions(rawValue: mode), owner: owner == user ? nil : owner,
            group: status.groupID.rawValue)
    }

    /// Gives the staging file, whose status is `status`, the kept mode, owner and group.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError/notWritable(suite:path:reason:)`` when the system refuses one of them (a group
    ///   this user is not in).
    private func keep(_ kept: KeptAttributes, on descriptor: FileDescriptor, status: Stat) throws(FileStoreError) {
        do {
            try Syscall.fchmod(descriptor, kept.permissions)
            guard let group = kept.group else { return }
            let owner = kept.owner ?? status.userID.rawValue
            guard owner != status.userID.rawValue || group != status.groupID.rawValue else { return }
            try Syscall.fchown(descriptor, owner: owner, group: group)
            // fchown may clear set-id bits; the mode is set again so that it is exactly the suite's.
            try Syscall.fchmod(descriptor, kept.permissions)
        } catch {
            throw .notWritable(
                suite: name.rawValue, path: plist.string,
                reason: "the new file cannot keep the suite's owner \(kept.owner.map(String.init) ?? "(this user)") "
                    + "and group \(kept.group.map(String.init) ?? "") (\(error))")
        }
    }

    /// Opens the staging file for writing, making sure it is this process's own.
    ///
    /// - Returns: The descriptor, and the file's status as checked.
    private func ownStagingFile() throws(FileStoreError) -> (FileDescriptor, Stat) {
        // The empty file the last write prepared, when it is still exactly that.
        if let prepared = try? FileDescriptor.open(
            staging, .writeOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
        {
            if let status = try? prepared.stat(), isOwn(status), status.size == 0 { return (prepared, status) }
            try? prepared.close()
        }
        do {
            try Syscall.unlink(staging)
        } catch .noSuchFileOrDirectory {
        } catch .readOnlyFileSystem {
            throw readOnlyFileSystem
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
        } catch .readOnlyFileSystem {
            throw readOnlyFileSystem
        } catch {
            throw .io(path: staging.string, operation: "create", reason: "\(error)")
        }
        guard let status = try? descriptor.stat(), isOwn(status) else {
            try? descriptor.close()
            throw .unsafe(path: staging.string, reason: "the file created is not this user's own regular file")
        }
        return (descriptor, status)
    }

    private var readOnlyFileSystem: FileStoreError {
        .notWritable(
            suite: name.rawValue, path: plist.string, reason: "the file system holding it is mounted read-only")
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

    /// Removes a staging file a writer killed before or just after its swap left.
    ///
    /// The caller holds the exclusive lock and has found the suite valid: no write is in progress then, so anything
    /// under that name is stale. The empty file a write prepares for the next one stays; another user's file is left
    /// alone.
    func removeLeftoverStaging() {
        guard let status = try? Stat(staging, followTargetSymlink: false), status.size > 0, isOwn(status) else {
            return
        }
        try? Syscall.unlink(staging)
    }

    /// The committed previous version, when it is this user's own regular file with one link and decodes to a suite
    /// with keys; it is opened without following links, so a link or another user's file is never adopted.
    ///
    /// - Returns: Its bytes and image.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` when there is no such version.
    func previousVersion() throws(FileStoreError) -> ([UInt8], SuiteImage) {
        let descriptor = try? FileDescriptor.open(
            previous, .readOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
        defer { try? descriptor?.close() }
        guard let descriptor, let status = try? descriptor.stat(), isOwn(status), status.size > 0,
            let bytes = try? readBytes(previous, followingLinks: false),
            let image = try? SuiteImage(decoding: bytes), !image.values.isEmpty
        else {
            throw .unsafe(
                path: previous.string, reason: "there is no readable previous version of this user's there")
        }
        return (bytes, image)
    }

    /// Moves the property list aside as `<suite>.plist.corrupt-<time>`, keeping it for a person to look at.
    ///
    /// - Returns: Where the file now is.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` when it cannot be moved.
    func moveAside() throws(FileStoreError) -> FilePath {
        let stamp = Date().formatted(Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
        let suffix = ".plist.corrupt-\(stamp)-\(Processes.currentID)"
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
