import PrefsStoreKit
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SuiteFiles {
    /// The size of the blocks a file is hashed in against a slimmed image's fingerprint.
    static let comparisonBlockSize = 64 * 1024

    /// What a file holds, measured against what was read before.
    enum Contents {
        /// Exactly what was read before.
        case unchanged
        /// These bytes.
        case changed([UInt8])
    }

    /// A file's bytes, if it is a regular file no larger than ``maximumFileSize``.
    ///
    /// It is opened without blocking, so that a FIFO or a device under the name cannot hang the reader, and checked
    /// with `fstat` before anything is read.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - followingLinks: Whether a symbolic link may lead to it.
    /// - Returns: The bytes, or `nil` when there is no file.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)`` naming what is wrong.
    func readBytes(_ path: FilePath, followingLinks: Bool) throws(FileStoreError) -> [UInt8]? {
        try withRegularFile(path, followingLinks: followingLinks) { descriptor, size in
            try Self.readAll(descriptor, sizeHint: size)
        }
    }

    /// A system layer's or lock file's contents, if it is an administrator's.
    ///
    /// It must be owned by root or by this user, and writable by its owner alone, as sudo and dconf require of the
    /// files that rule them: anyone else could plant values or locks in every user's settings.
    ///
    /// - Parameter path: The file; a symbolic link is followed, and the file it leads to checked.
    /// - Returns: The bytes, or `nil` when there is no file.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` for a file someone else could have written;
    ///   ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)`` as ``readBytes(_:followingLinks:)``.
    func readAdministratorsBytes(_ path: FilePath) throws(FileStoreError) -> [UInt8]? {
        try withRegularFile(path, followingLinks: true) { descriptor, size in
            if let problem = AdministratorsFile.problem(try descriptor.stat()) {
                throw FileStoreError.unsafe(path: path.string, reason: "\(problem), so it is ignored")
            }
            return try Self.readAll(descriptor, sizeHint: size)
        }
    }

    /// The file's contents, compared with a slimmed image's fingerprint a block at a time, so that an unchanged
    /// large file is not read into memory at all.
    ///
    /// - Returns: `.unchanged` when the file holds the bytes the fingerprint was taken of, `.changed` with the bytes
    ///   otherwise, or `nil` when there is no file.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)`` naming what is wrong.
    func readContents(_ path: FilePath, unlessItMatches fingerprint: FileFingerprint) throws(FileStoreError)
        -> Contents?
    {
        try withRegularFile(path, followingLinks: true) { descriptor, size in
            if size == fingerprint.count {
                var builder = FileFingerprint.Builder()
                var block = [UInt8](repeating: 0, count: Self.comparisonBlockSize)
                while true {
                    let read = try block.withUnsafeMutableBytes { try descriptor.read(into: $0) }
                    if read == 0 { break }
                    builder.add(block[..<read])
                }
                if builder.fingerprint == fingerprint { return .unchanged }
                // Read again from the start: the bytes hashed were not kept.
                _ = try descriptor.seek(offset: 0, from: .start)
            }
            return .changed(try Self.readAll(descriptor, sizeHint: size))
        }
    }

    /// Opens a regular file no larger than ``maximumFileSize`` and hands it and its size to `body`.
    func withRegularFile<Result>(
        _ path: FilePath, followingLinks: Bool, _ body: (FileDescriptor, Int) throws -> Result
    ) throws(FileStoreError) -> Result? {
        let descriptor: FileDescriptor
        do {
            var options: FileDescriptor.OpenOptions = [.nonBlocking, .closeOnExec]
            if !followingLinks { options.insert(.noFollow) }
            descriptor = try FileDescriptor.open(path, .readOnly, options: options)
        } catch .noSuchFileOrDirectory {
            return nil
        } catch .tooManySymbolicLinkLevels {
            throw unreadable(path, "it is a symbolic link")
        } catch .permissionDenied {
            throw unreadable(path, "permission denied")
        } catch {
            throw unreadable(path, "\(error)")
        }
        defer { try? descriptor.close() }
        do {
            let status = try descriptor.stat()
            guard status.type == .regular else { throw unreadable(path, "it is \(FileKinds.describe(status.type))") }
            guard status.size <= Self.maximumFileSize else {
                throw unreadable(path, "it is larger than \(Self.maximumFileSize / 1024 / 1024) MiB")
            }
            return try body(descriptor, Int(status.size))
        } catch let error as FileStoreError {
            throw error
        } catch {
            throw unreadable(path, "\(error)")
        }
    }

    /// Reads a file to its end.
    private static func readAll(_ descriptor: FileDescriptor, sizeHint: Int) throws -> [UInt8] {
        // One byte more than the size, so that a file that has not grown is read in one call and seen to end.
        var bytes = [UInt8](repeating: 0, count: max(4096, sizeHint + 1))
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maximumFileSize else { throw Errno.fileTooLarge }
                bytes.append(contentsOf: repeatElement(0, count: bytes.count))
            }
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
