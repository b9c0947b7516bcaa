/// A file's length and a keyed hash of its bytes, standing in for the bytes of a large suite that is not kept in
/// memory.
///
/// The hash is Swift's `Hasher`, seeded at random in every process, so a fingerprint is never stored or shared: it
/// only tells whether the file read now is the one read before, in the same process. Two different files agree with
/// a probability near 2⁻⁶⁴, and no other program can aim for it without the seed.
struct FileFingerprint: Equatable, Sendable {
    /// The number of bytes.
    let count: Int
    let hash: Int

    /// The fingerprint of some bytes.
    init(_ bytes: borrowing some RandomAccessCollection<UInt8>) {
        var builder = Builder()
        builder.add(bytes)
        self = builder.fingerprint
    }

    private init(count: Int, hash: Int) {
        self.count = count
        self.hash = hash
    }

    /// Builds a fingerprint from bytes given a piece at a time; the pieces may be cut anywhere.
    struct Builder {
        private var hasher = Hasher()
        private var count = 0

        mutating func add(_ bytes: some RandomAccessCollection<UInt8>) {
            count += bytes.count
            let done: Void? = bytes.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if done == nil { Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) } }
        }

        var fingerprint: FileFingerprint { FileFingerprint(count: count, hash: hasher.finalize()) }
    }
}
