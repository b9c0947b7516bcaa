package import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds which process holds a `flock` lock, so that a store that gives up waiting can say who it waited for.
///
/// Linux lists every lock in `/proc/locks`, one per line: `1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234 0 EOF`, where
/// the device's major and minor numbers are hexadecimal and the inode decimal. Elsewhere nothing is known.
package enum LockHolders {
    /// The process holding a `flock` lock on the file open as `descriptor`, if the system can tell.
    package static func holder(of descriptor: FileDescriptor) -> Int32? {
        #if os(Linux)
        guard let status = try? descriptor.stat(),
            let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return nil }
        let device = UInt64(status.deviceID.rawValue)
        // glibc's encoding of dev_t: the major number in bits 8–19 and 32–63, the minor in 0–7 and 20–31.
        let major = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF
        let minor = device & 0xFF | (device >> 12) & ~0xFF
        func hex(_ number: UInt64) -> String {
            let digits = String(number, radix: 16)
            return digits.count < 2 ? "0" + digits : digits
        }
        let wanted = "\(hex(major)):\(hex(minor)):\(UInt64(status.inode.rawValue))"
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // "1:", "FLOCK", "ADVISORY", "WRITE", pid, device:inode, start, end; a waiter's line has "->" after "1:".
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == wanted else { continue }
            return Int32(fields[4])
        }
        return nil
        #else
        return nil
        #endif
    }
}
