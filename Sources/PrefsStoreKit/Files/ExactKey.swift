import PrefsSystem

/// A key compared by its exact UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"é"` written as one scalar and as `e` plus a
/// combining accent are equal as dictionary keys. In a suite file they are two distinct keys, each with its own value,
/// and a write must keep both.
package struct ExactKey: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        same(lhs.text, rhs.text)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }

    /// Whether two keys are the very same bytes.
    ///
    /// Compared over contiguous storage, which native and small strings have: the generic `elementsEqual` over two
    /// `UTF8View`s was a tenth of a typed read.
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        // Two strings with the same representation hold the same bytes: the same storage, or the same small string
        // inline (keys of up to 15 bytes, as most are). Checked first, since a typed read compares its key with the
        // stored one this way at every read.
        if unsafeBitCast(lhs, to: (UInt64, UInt64).self) == unsafeBitCast(rhs, to: (UInt64, UInt64).self) {
            return true
        }
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }
                return Memory.equal(leftBytes, rightBytes, count: left.count)
            }
        }
        return (contiguous ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// A total order that agrees with `String`'s `<` and breaks its ties (canonically equivalent keys) by bytes.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        if lhs < rhs { return true }
        if rhs < lhs { return false }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
