#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches and comparisons at memory speed, for the parsers' long runs of text.
package enum Memory {
    /// Where a byte first occurs in a buffer, or `nil` when it does not.
    ///
    /// The corresponding C function is `memchr`.
    ///
    /// - Parameters:
    ///   - byte: The byte looked for.
    ///   - start: The buffer's first byte.
    ///   - count: Its length.
    /// - Returns: The offset of the byte from `start`.
    @inline(__always)
    package static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - start
    }

    /// Whether two buffers hold the same bytes for a length.
    ///
    /// The corresponding C function is `memcmp`.
    @inline(__always)
    package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }
}
