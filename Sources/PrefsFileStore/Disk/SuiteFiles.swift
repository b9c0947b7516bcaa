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
    /// - Parameter restoring: Whether the caller holds the lock and the previous version may be brought back (see
    ///   ``replace(with:durability:beforeSwap:)``) when the property list is empty or does not decode.
    /// - Returns: The contents and the identity of the version read, or `nil` when there is no file.
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode.
    func read(restoring: Bool = false) throws(FileStoreError) -> (
        values: [String: PropertyListValue], identity: FileIdentity
    )? {
        let result: (values: [String: PropertyListValue], identity: FileIdentity)?
        do throws(FileStoreError) {
            result = try decode(plist)
        } catch .corrupt(let suite, let path, let reason) where restoring {
            if let restored = restorePrevious() { return restored }
            throw .corrupt(suite: suite, path: path, reason: reason)
        } catch {
            throw error
        }
        if restoring, let result, result.values.isEmpty, let restored = restorePrevious() { return restored }
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
    ///   - values: The suite's new contents.
    ///   - durability: Whether to flush to the disk before the swap.
    ///   - beforeSwap: Told the identity the new file will have, just before it appears, so that a watcher can
    ///     recognise it as already applied.
    /// - Returns: The identity of the file now in place.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)``; the suite is unchanged then.
    /// - Precondition: The caller holds the suite's exclusive lock, since every writer stages under the same name.
    func replace(
        with values: [String: PropertyListValue], durability: FileStore.Durability,
        beforeSwap: (FileIdentity) -> Void
    ) throws(FileStoreError) -> FileIdentity {
        let data = PropertyListCodec.encode(values)
        let identity: FileIdentity
        let reader: FileDescriptor?
        do {
            let descriptor = try FileDescriptor.open(
                staging, .writeOnly, options: [.create, .truncate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite])
            identity = try descriptor.closeAfter {
                _ = try descriptor.writeAll(data)
                if durability == .powerLoss { try Syscall.fsync(descriptor) }
                return FileIdentity(try descriptor.stat())
            }
            // Closing the written descriptor now, rather than after the swap, reports the staging file, which watchers
            // skip, instead of the property list. A read-only one serves the writeback.
            reader = try? FileDescriptor.open(staging, .readOnly, options: [.noFollow, .closeOnExec])
        } catch {
            try? Syscall.unlink(staging)
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
        }
        defer { try? reader?.close() }
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
            if durability == .processCrash, let reader { try? Syscall.startWriteback(reader) }
            try? Syscall.unlink(staging)
        }
        return identity
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
    private func restorePrevious() -> (values: [String: PropertyListValue], identity: FileIdentity)? {
        guard hasStagedFile, let previous = try? decode(staging), !previous.values.isEmpty else { return nil }
        do {
            try Syscall.rename(staging, plist)
        } catch {
            return nil
        }
        return previous
    }

    private func decode(_ path: FilePath) throws(FileStoreError) -> (
        values: [String: PropertyListValue], identity: FileIdentity
    )? {
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
        let data: Data
        do {
            let stat = try descriptor.stat()
            identity = FileIdentity(stat)
            data = try Self.readAll(descriptor, sizeHint: Int(stat.size))
        } catch {
            throw FileStoreError.io(path: path.string, operation: "read", reason: "\(error)")
        }
        // An empty file is how a suite looks while a plain UserDefaults program creates it.
        if data.isEmpty { return ([:], identity) }
        do throws(PropertyListCodec.DecodeFailure) {
            return (try PropertyListCodec.decode(data), identity)
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

    private static func readAll(_ descriptor: FileDescriptor, sizeHint: Int) throws -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: max(4096, sizeHint + 1))
        while true {
            let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
        }
    }
}
