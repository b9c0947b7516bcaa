import PrefsStoreKit
import PrefsSystem
import SystemPackage

extension SuiteFiles {
    /// Removes the suite's property list, keeping it as ``previous``: the suite is gone for every reader at once,
    /// and `prefs recover --from-previous` (or an undo through the journal) can bring it back.
    ///
    /// A rename, not an unlink: one step that a writer killed at any moment leaves either done or not, and that keeps
    /// the bytes. The same checks as a write's come first, so a suite its owner made read-only, another user's, or
    /// a link is refused rather than removed.
    ///
    /// - Parameter beforeRemoval: Called just before the file goes, so that a watcher can recognise it as this
    ///   process's doing.
    /// - Returns: Whether there was a file to remove.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)``, ``/PrefsStoreKit/FileStoreError/notWritable(suite:path:reason:)`` or
    ///   ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)``; the suite is unchanged then.
    /// - Precondition: The caller holds the suite's exclusive lock.
    func remove(beforeRemoval: () -> Void) throws(FileStoreError) -> Bool {
        _ = try attributesToKeep()
        beforeRemoval()
        do throws(Errno) {
            try Syscall.rename(plist, previous)
            // The staging file this process's writes prepared goes too; the lock file stays, since another process
            // may be waiting on it. One left behind is harmless: the next write takes it.
            try? Syscall.unlink(staging)
            return true
        } catch .noSuchFileOrDirectory {
            return false
        } catch {
            throw FileStoreError.io(path: plist.string, operation: "remove", reason: "\(error)")
        }
    }

    /// The format of the suite's previous version, when there is one: a suite deleted whole and made again (by
    /// `prefs undo`, or its app) keeps the format it had, which may hold values the other cannot.
    ///
    /// - Returns: The format, or `nil` when there is no previous version or it cannot be read.
    func formatOfPreviousVersion() -> SuiteFileFormat? {
        let magic = Array("bplist00".utf8)
        // Only the first bytes: the previous version may be megabytes. Nothing to go by is no error: the store's
        // format for new suites is used.
        let header = try? withRegularFile(previous, followingLinks: false) { descriptor, _ in
            var bytes = [UInt8](repeating: 0, count: magic.count)
            let read = try bytes.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            return Array(bytes.prefix(read))
        }
        guard let header = header ?? nil else { return nil }
        return header == magic ? .binary : .xml
    }
}
