import Foundation
import PrefsKit
import SystemPackage

/// The files of one suite: the property list, and the lock file beside it that is never replaced.
///
/// The lock is a separate file because every write renames a new property list into place: a lock held on the old
/// inode would not exclude a writer that opens the new one.
struct SuiteFiles: Sendable {
    let directory: FilePath
    let name: SuiteName
    let plist: FilePath
    let lock: FilePath
    /// Where a writer prepares the next version, and where a swap leaves the previous one until it is removed.
    let staging: FilePath

    /// A version of the property list as read.
    struct Version {
        let image: SuiteImage
        let identity: FileIdentity
        /// The keys whose entries were decoded, or `nil` when all were.
        let touched: [String]?
    }

    init(directory: FilePath, name: SuiteName) {
        self.directory = directory
        self.name = name
        plist = directory.appending("\(name.rawValue).plist")
        lock = directory.appending(".\(name.rawValue).plist.lock")
        staging = directory.appending(".\(name.rawValue).plist.new")
    }

    /// Takes the suite's lock, runs `body`, and releases it.
    ///
    /// Each call opens its own descriptor, because `flock` locks belong to an open file description: two threads
    /// sharing one descriptor would not exclude each other. The lock file is opened without following symlinks.
    ///
    /// - Parameters:
    ///   - exclusive: `true` for a writer; `false` for a reader that needs the file and the journal to agree.
    ///   - body: The work to do under the lock.
    /// - Returns: What `body` returns.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the lock cannot be taken, or what `body` throws.
    func withLock<Result>(exclusive: Bool, _ body: () throws(FileStoreError) -> Result) throws(FileStoreError) -> Result
    {
        let descriptor: FileDescriptor
        do {
            // Read-only is enough for flock, and closing a read-only descriptor wakes no directory watcher.
            descriptor = try FileDescriptor.open(
                lock, .readOnly, options: [.create, .noFollow, .closeOnExec], permissions: [.ownerReadWrite])
        } catch {
            throw FileStoreError.io(path: lock.string, operation: "open the lock file", reason: "\(error)")
        }
        defer { try? descriptor.close() }
        do {
            try Syscall.flock(descriptor, exclusive ? LOCK_EX : LOCK_SH)
        } catch {
            throw FileStoreError.io(path: lock.string, operation: "lock", reason: "\(error)")
        }
        return try body()
    }

    /// Reads and decodes the property list.
    ///
    /// - Parameters:
    ///   - restoring: Whether the caller holds the lock and the previous version may be brought back (see
    ///     ``replace(with:durability:beforeSwap:)``) when the property list is empty or does not decode.
    ///   - previous: The version last read, so that only the entries that differ from it are decoded.
    /// - Returns: The version read, or `nil` when there is no file.
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode.
    func read(restoring: Bool = false, previous: SuiteImage? = nil) throws(FileStoreError) -> Version? {
        let result: Version?
        do throws(FileStoreError) {
            result = try decode(plist, previous: previous)
        } catch .corrupt(let suite, let path, let reason) where restoring {
            if let restored = restorePrevious() { return restored }
            throw .corrupt(suite: suite, path: path, reason: reason)
        } catch {
            throw error
        }
        if restoring, let result, result.image.values.isEmpty, let restored = restorePrevious() { return restored }
        return result
    }

    /// Whether a staged file sits beside the property list: a write in progress, or one a crash interrupted.
    var hasStagedFile: Bool { (try? Stat(staging, followTargetSymlink: false)) != nil }

    /// Writes new contents to a staging file and swaps it with the property list, so that a reader, or a writer
    /// killed at any moment, only ever sees the old file or the new one.
    ///
    /// Where the file system can swap two names atomically (Linux's `renameat2` with `RENAME_EXCHANGE`), the new
    /// file appears at once and the old one stays under the staging name until the new one's data is on its way to
    /// the disk; only then is it removed. A power loss in between leaves the old version there, and the next locked
    /// read brings it back (see ``read(restoring:)``). A plain rename over the old file would be as safe, but ext4
    /// makes it write the new file's data first, which delays every watcher by a millisecond or two.
    ///
    /// - Parameters:
    ///   - image: The suite's new contents.
    ///   - durability: Whether to flush to the disk before the swap.
    ///   - beforeSwap: Told the identity the new file will have, just before it appears, so that a watcher can
    ///     recognise it as already applied.
    /// - Returns: The identity of the file now in place.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)``; the suite is unchanged then.
    /// - Precondition: The caller holds the suite's exclusive lock, since every writer stages under the same name.
    func replace(
        with image: SuiteImage, durability: FileStore.Durability, beforeSwap: (FileIdentity) -> Void
    ) throws(FileStoreError) -> FileIdentity {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                staging, .writeOnly, options: [.create, .truncate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite])
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
        }
        // Closed after the swap: closing a written file wakes every watcher of the directory, and before the swap
        // that would take the processor from this writer when the watchers have nothing to read yet.
        defer { try? descriptor.close() }
        let identity: FileIdentity
        do {
            _ = try image.bytes.withUnsafeBytes { try descriptor.writeAll($0) }
            if durability == .powerLoss { try Syscall.fsync(descriptor) }
            identity = FileIdentity(try descriptor.stat())
        } catch {
            try? Syscall.unlink(staging)
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
        }
        // A swap or a rename keeps the inode and the modification time, so this is the identity the file will have.
        beforeSwap(identity)
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
        return identity
    }

    /// Creates the next write's staging file, empty, now rather than when that write is waited for.
    ///
    /// Creating a file is most of the cost of writing a small one. It is opened read-only, so that closing it wakes no watcher, and
    /// being empty it is never taken for a previous version to restore.
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

    /// Brings back the version a swap left under the staging name, when it decodes and is not empty.
    ///
    /// - Returns: That version, now the property list again, or `nil`.
    private func restorePrevious() -> Version? {
        guard hasStagedFile, let previous = try? decode(staging, previous: nil), !previous.image.values.isEmpty else {
            return nil
        }
        do {
            try Syscall.rename(staging, plist)
        } catch {
            return nil
        }
        return previous
    }

    private func decode(_ path: FilePath, previous: SuiteImage?) throws(FileStoreError) -> Version? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            throw FileStoreError.io(path: path.string, operation: "open", reason: "\(error)")
        }
        defer { try? descriptor.close() }
        let identity: FileIdentity
        let bytes: [UInt8]
        do {
            let stat = try descriptor.stat()
            identity = FileIdentity(stat)
            bytes = try Self.readAll(descriptor, sizeHint: Int(stat.size))
        } catch {
            throw FileStoreError.io(path: path.string, operation: "read", reason: "\(error)")
        }
        do throws(PropertyListCodec.DecodeFailure) {
            if let previous {
                let (image, touched) = try previous.reading(bytes)
                return Version(image: image, identity: identity, touched: touched)
            }
            return Version(image: try SuiteImage(decoding: bytes), identity: identity, touched: nil)
        } catch {
            throw FileStoreError.corrupt(suite: name.rawValue, path: plist.string, reason: error.reason)
        }
    }

    /// Moves an unreadable property list aside as `<suite>.plist.corrupt-<time>`, keeping it for a person to look at.
    ///
    /// - Returns: Where the file now is.
    func moveAside() throws(FileStoreError) -> FilePath {
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let suffix = ".plist.corrupt-\(stamp)-\(getpid())"
        // The suite's name is shortened when needed, so that the whole name fits in the file system's 255 bytes.
        var base = name.rawValue
        while base.utf8.count + suffix.utf8.count > 255 { base.removeLast() }
        let destination = directory.appending(base + suffix)
        do {
            try Syscall.rename(plist, destination)
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "move aside", reason: "\(error)")
        }
        return destination
    }

    private static func readAll(_ descriptor: FileDescriptor, sizeHint: Int) throws -> [UInt8] {
        // One byte more than the size, so that a file that has not grown is read in one call and seen to end.
        var bytes = [UInt8](repeating: 0, count: max(4096, sizeHint + 1))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let read = try bytes.withUnsafeMutableBytes { raw in
                try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
