import PrefsSystem
public import SystemPackage

/// Which version of a file is on disk: its inode with its size and modification time.
///
/// Every write through PrefsKit renames a new inode into place, so an unchanged identity means unchanged content and
/// the file need not be read again. Size and time guard against an inode number being reused.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int

    package init(_ stat: Stat) {
        device = UInt64(stat.deviceID.rawValue)
        inode = UInt64(stat.inode.rawValue)
        size = stat.size
        modifiedSeconds = stat.modified.seconds
        modifiedNanoseconds = stat.modified.nanoseconds
    }

    /// The identity of the file at a path, or `nil` when there is none.
    public static func of(_ path: FilePath) throws(Errno) -> FileIdentity? {
        do {
            return FileIdentity(try Stat(path))
        } catch .noSuchFileOrDirectory {
            return nil
        }
    }
}
