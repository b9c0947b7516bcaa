import PrefsSystem
import SystemPackage

/// Where `-o PATH` writes: the file its links lead to, even one that does not exist yet.
///
/// Writing a file atomically means renaming a new file over the old: done to a link, that replaces the link itself
/// (and, run as root, `-o /dev/stdout` would replace `/dev/stdout`). So the links are followed first, as the shell's
/// `>` follows them, and a device or pipe at the end is written to rather than replaced.
struct OutputTarget {
    /// The path written: `path` with every link followed.
    let path: String
    /// Whether that is a device, a pipe or a socket: something that exists and is not a regular file, which is written
    /// to by `path` as given.
    let isSpecial: Bool

    /// Follows the links of a path, at most 40 as the kernel does.
    ///
    /// - Parameter path: The path as given.
    init(_ path: String) {
        // The kernel follows the links to a device or pipe itself, /proc's magic ones (`/dev/stdout`) included,
        // whose text names no path.
        if let status = try? Stat(FilePath(path)), status.type != .regular {
            self.path = path
            isSpecial = true
            return
        }
        var current = path
        for _ in 0..<40 {
            guard let destination = Paths.linkTarget(current) else { break }
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let folder = current.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: "/")
                current = (folder.isEmpty && !current.hasPrefix("/") ? "" : folder + "/") + destination
            }
        }
        self.path = current
        isSpecial = false
    }
}
