#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches and comparisons at memory speed, for the parsers' long runs of text and the writer's diff of a
/// suite's old and new bytes.
///
/// Each is a whole loop here, not a `memchr` or `memcmp` per step: a call into this module is not inlined across
/// modules, and the parsers would otherwise make one per 64 bytes compared.
package enum Memory {
    /// Where a run of bytes first occurs in a buffer, found with `memchr` for each candidate first byte and `memcmp`
    /// for the rest: `Data.firstRange(of:)` compares through generic indices, and Glibc's module does not declare
    /// `memmem`.
    ///
    /// - Parameters:
    ///   - needle: The bytes looked for; an empty run is found at 0.
    ///   - haystack: Where they are looked for.
    /// - Returns: The offset of the first occurrence, or `nil`.
    package static func firstOffset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let head = needle.first, let target = needle.baseAddress else { return 0 }
        guard let base = haystack.baseAddress else { return nil }
        var cursor = 0
        while haystack.count - cursor >= needle.count {
            guard let found = memchr(base + cursor, Int32(head), haystack.count - cursor) else { return nil }
            cursor = UnsafeRawPointer(found) - base
            guard haystack.count - cursor >= needle.count else { return nil }
            if memcmp(base + cursor, target, needle.count) == 0 { return cursor }
            cursor += 1
        }
        return nil
    }

    /// Where a byte first occurs in a buffer.
    ///
    /// The corresponding C function is `memchr`.
    ///
    /// - Parameters:
    ///   - byte: The byte looked for.
    ///   - haystack: Where it is looked for.
    /// - Returns: Its offset, or `nil`.
    package static func firstOffset(ofByte byte: UInt8, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let base = haystack.baseAddress, let found = memchr(base, Int32(byte), haystack.count) else {
            return nil
        }
        return UnsafeRawPointer(found) - base
    }

    /// How many bytes at the start of both buffers are equal.
    package static func commonPrefixLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let count = min(a.count, b.count)
        guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
        var offset = 0
        // Whole blocks first, with memcmp.
        while offset + 64 <= count && memcmp(left + offset, right + offset, 64) == 0 { offset += 64 }
        while offset < count && a[offset] == b[offset] { offset += 1 }
        return offset
    }

    /// How many bytes at the end of both buffers are equal.
    package static func commonSuffixLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let count = min(a.count, b.count)
        guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
        var length = 0
        while length + 64 <= count && memcmp(left + a.count - length - 64, right + b.count - length - 64, 64) == 0 {
            length += 64
        }
        while length < count && a[a.count - 1 - length] == b[b.count - 1 - length] { length += 1 }
        return length
    }

    /// Whether two buffers hold the same bytes for a length.
    ///
    /// The corresponding C function is `memcmp`.
    package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }
}
