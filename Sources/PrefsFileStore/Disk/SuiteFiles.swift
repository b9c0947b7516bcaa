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

    init(directory: FilePath, name: SuiteName) {
        self.directory = directory
        self.name = name
        plist = directory.appending("\(name.rawValue).plist")
        lock = directory.appending(".\(name.rawValue).plist.lock")
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
    /// - Returns: The contents and the identity of the version read, or `nil` when there is no file.
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode.
    func read() throws(FileStoreError) -> (values: [String: PropertyListValue], identity: FileIdentity)? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(plist, .readOnly, options: [.closeOnExec])
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "open", reason: "\(error)")
        }
        defer { try? descriptor.close() }
        let identity: FileIdentity
        let data: Data
        do {
            let stat = try descriptor.stat()
            identity = FileIdentity(stat)
            data = try Self.readAll(descriptor, sizeHint: Int(stat.size))
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "read", reason: "\(error)")
        }
        // An empty file is how a suite looks while a plain UserDefaults program creates it.
        if data.isEmpty { return ([:], identity) }
        do throws(PropertyListCodec.DecodeFailure) {
            return (try PropertyListCodec.decode(data), identity)
        } catch {
            throw FileStoreError.corrupt(suite: name.rawValue, path: plist.string, reason: error.reason)
        }
    }

    /// Writes new contents to a temporary file and renames it over the property list, so that a reader, or a writer
    /// killed at any moment, only ever sees the old file or the new one.
    ///
    /// - Parameters:
    ///   - values: The suite's new contents.
    ///   - durability: Whether to flush to the disk before the rename.
    ///   - beforeRename: Told the identity the new file will have, just before it appears, so that a watcher can
    ///     recognise it as already applied.
    /// - Returns: The identity of the file now in place.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)``; the temporary file is removed and the suite is unchanged.
    func replace(
        with values: [String: PropertyListValue], durability: FileStore.Durability,
        beforeRename: (FileIdentity) -> Void
    ) throws(FileStoreError) -> FileIdentity {
        let data = PropertyListCodec.encode(values)
        // Hidden, so that watchers skip it, and short, so that it fits whatever the suite's name.
        let temporary = directory.appending(".prefs-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            let descriptor = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite])
            let identity = try descriptor.closeAfter {
                _ = try descriptor.writeAll(data)
                if durability == .powerLoss { try Syscall.fsync(descriptor) }
                return FileIdentity(try descriptor.stat())
            }
            // A rename keeps the inode and the modification time, so this is the identity the file will have.
            beforeRename(identity)
            try Syscall.rename(temporary, plist)
            return identity
        } catch {
            try? Syscall.unlink(temporary)
            throw FileStoreError.io(path: plist.string, operation: "write", reason: "\(error)")
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
