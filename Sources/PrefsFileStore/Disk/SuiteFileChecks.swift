import PrefsCore
import PrefsStoreKit

/// Checks of the suite file's invariants on arbitrary bytes, for the fuzz targets in `Fuzz/`.
///
/// The fuzzers live in a package of their own (built with `-sanitize=fuzzer,address`), which can reach only public
/// API; these checks run the internal reader, splicer and writer the way a write does, and say what broke.
@_spi(Fuzzing)
public enum SuiteFileChecks {
    /// Reads bytes as a suite file, writes one new key into it as a write does, and checks that the result reads back
    /// with every other value identical, and that re-reading only what changed gives what a whole decode gives.
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: `nil` when the invariants hold, or when the file is refused (not a suite, or a value that could not
    ///   be written back exactly); otherwise what went wrong.
    public static func checkWritingAnotherKey(_ bytes: [UInt8]) -> String? {
        guard let image = try? SuiteImage(decoding: bytes) else { return nil }
        let key = "\u{1}fuzz"
        guard let next = try? image.applying([key: .int(1)]), let written = next.bytes else { return nil }
        guard let reread = try? SuiteImage(decoding: written) else { return "the written file does not read back" }
        guard reread.value(forKey: key) == .int(1) else { return "the written key does not read back" }
        for other in image.exactKeys where !ExactKey.same(other, key) {
            guard let before = image.value(forKey: other) else { continue }
            let after = reread.value(forKey: other)
            guard let after, before.isIdentical(to: after) else {
                return "key \(other.debugDescription) changed: \(before) -> \(String(describing: after))"
            }
        }
        // Re-read as a suite keeps a small file (whole) and a large one (by fingerprints).
        for kept in [image, image.slimmed(above: 0)] {
            guard let spliced = try? kept.reading(written).image else { return "re-reading the written file fails" }
            let same =
                spliced.values.count == reread.values.count
                && spliced.values.allSatisfy { key, value in reread.values[key].map(value.isIdentical) ?? false }
            guard same else { return "re-reading only what changed differs from a whole decode" }
        }
        return nil
    }

    /// Reads bytes as a binary property list with prefs' own reader, and checks what a write relies on: the values
    /// encoded anew read back identical, and ``checkWritingAnotherKey(_:)``'s invariants hold.
    ///
    /// - Parameter bytes: Any bytes; those that do not start with `bplist00` get that header in place of their first
    ///   eight bytes, so that every input reaches the binary reader.
    /// - Returns: `nil` when the invariants hold or the file is refused; otherwise what went wrong.
    public static func checkBinary(_ bytes: [UInt8]) -> String? {
        var file = Array("bplist00".utf8)
        file += bytes.starts(with: file) ? bytes.dropFirst(8) : bytes[...]
        guard let image = try? SuiteImage(decoding: file) else { return nil }
        guard image.format == .binary else { return "a bplist00 file was not read as binary" }
        guard let again = try? SuiteImage(decoding: BinaryPropertyListWriter.encode(image.values)) else {
            return "the values encoded anew do not read back"
        }
        for (key, value) in image.values where again.values[key].map(value.isIdentical) != true {
            return "key \(key.debugDescription) changed when encoded anew"
        }
        return checkWritingAnotherKey(file)
    }
}
