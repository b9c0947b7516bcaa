package import SystemPackage

/// A small file replaced whole.
///
/// It is written to a fresh temporary file beside it, renamed into place, so that a reader sees the old file or the
/// new, never part of one. Written once for every file that is not a suite (journals'
/// indexes, bookmarks, private files); a suite's file keeps its owner and mode through its own replacement.
package enum AtomicFile {
    /// Replaces a file with bytes.
    ///
    /// The temporary file is created exclusively and never through a link, named after the file and this process.
    ///
    /// - Parameters:
    ///   - bytes: The new content.
    ///   - path: The file; one there is replaced.
    ///   - permissions: The new file's permissions.
    /// - Throws: The system's error; the file is then as it was, and no temporary file is left.
    package static func write(
        _ bytes: some Collection<UInt8>, to path: FilePath, permissions: FilePermissions = [.ownerReadWrite]
    ) throws(Errno) {
        guard let name = path.lastComponent?.string else { throw Errno.invalidArgument }
        let temporary = path.removingLastComponent().appending(".\(name).\(Processes.currentID).tmp")
        try? Syscall.unlink(temporary)
        do {
            let descriptor = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: permissions)
            try descriptor.closeAfter {
                // The umask may have taken bits away from a mode the caller asked for.
                try Syscall.fchmod(descriptor, permissions)
                _ = try descriptor.writeAll(bytes)
            }
            try Syscall.rename(temporary, path)
        } catch {
            try? Syscall.unlink(temporary)
            throw error as? Errno ?? .ioError
        }
    }
}
