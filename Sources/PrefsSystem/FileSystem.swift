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
}
