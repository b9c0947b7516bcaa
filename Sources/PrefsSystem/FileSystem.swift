package import SystemPackage

/// Directory helpers over ``Syscall``.
package enum FileSystem {
    /// Creates a directory and its missing parents, readable by the owner only.
    package static func createDirectory(_ path: FilePath) throws(Errno) {
        if (try? Stat(path)) != nil { return }
        if let parent = path.removingLastComponent() as FilePath?, parent != path, !parent.isEmpty {
            try createDirectory(parent)
        }
        do {
            try Syscall.mkdir(path, permissions: [.ownerReadWriteExecute])
        } catch .fileExists {
            return
        }
    }

    /// Whether a path exists: only its absence (or a file where a folder was expected on the way) is `false`; any
    /// other failure to look (no permission, an I/O error) is thrown, so that it is not taken for absence.
    ///
    /// - Parameter path: The path, its last link followed.
    /// - Returns: Whether something is there.
    /// - Throws: `Errno` when the system cannot say.
    package static func exists(_ path: FilePath) throws(Errno) -> Bool {
        do {
            _ = try Stat(path)
            return true
        } catch .noSuchFileOrDirectory, .notDirectory {
            return false
        }
    }
}
