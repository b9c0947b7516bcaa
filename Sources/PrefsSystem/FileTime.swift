package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's time stamp, to the nanosecond, without the C library's `timespec`.
package struct FileTime: Hashable, Sendable {
    /// Whole seconds since 1970.
    package let seconds: Int
    /// Nanoseconds past them.
    package let nanoseconds: Int

    init(_ time: timespec) {
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
    }

    /// The time as seconds since 1970, with a fraction.
    package var secondsSince1970: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}

extension Stat {
    /// When the file's content last changed (`st_mtim`).
    package var modified: FileTime { FileTime(st_mtim) }

    /// When the file's inode last changed: its content, name, owner or mode (`st_ctim`).
    package var statusChanged: FileTime { FileTime(st_ctim) }
}
