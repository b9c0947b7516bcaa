package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names: its target, its resolved form, its owner.
package enum Paths {
    /// The absolute path with every symbolic link, `.` and `..` resolved, or `nil` when a part does not exist.
    ///
    /// The corresponding C function is `realpath`.
    package static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// What a symbolic link holds, or `nil` when the path is not one.
    ///
    /// The corresponding C function is `readlink`.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress.map {
                $0.withMemoryRebound(to: CChar.self, capacity: bytes.count) { readlink(path, $0, bytes.count) }
            } ?? -1
        }
        guard length > 0, length < buffer.count else { return nil }
        return String(decoding: buffer[0..<length], as: UTF8.self)
    }

    /// The path of this program's file, or `nil` when the system does not say.
    package static var ownExecutable: String? { linkTarget("/proc/self/exe") }

    /// Changes a path's permissions.
    ///
    /// The corresponding C function is `chmod`.
    package static func setPermissions(_ path: FilePath, _ permissions: FilePermissions) throws(Errno) {
        try Syscall.retrying { path.withPlatformString { chmod($0, mode_t(permissions.rawValue)) } }
    }
}
