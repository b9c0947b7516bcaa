import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
extension SuiteImage {
    /// Decodes the next version of the file, re-reading only the entries whose bytes differ from this version's.
    ///
    /// - Parameters:
    ///   - new: The file's bytes now.
    ///   - slimming: Whether a file read whole may be kept as fingerprints (see ``init(decoding:slimming:)``).
    /// - Returns: The new image, and the keys whose entries were re-read (`nil` when the whole file was).
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when the new file does not decode.
    ///
    /// A slimmed image (see ``slimmed()``) finds the entries that differ by their fingerprints, and returns itself
    /// with the new bytes when the file is the one it was read from.
    func reading(_ new: consuming [UInt8], slimming: Bool = false) throws(PropertyListCodec.DecodeFailure) -> (
        image: SuiteImage, touched: [String]?
    ) {
        if holds(new) { return (bytes == nil ? hydrated(with: new) : self, []) }
        if BinaryPropertyListLayout.isBinary(new) {
            if let result = binaryReading(new) {
                return (slimming ? result.image.slimmed() : result.image, result.touched)
            }
            return (try SuiteImage(decoding: consume new, slimming: slimming), nil)
        }
        // Keys that collide as Swift strings are settled by a whole decode.
        if let index, exactValues == nil, let result = try index.splice(old: self, new: new) { return result }
        return (try SuiteImage(decoding: consume new, slimming: slimming), nil)
    }
}

extension SuiteImage.Index {
    /// Re-reads only the entries of `new` that differ from `old`: the bytes before the first difference and after the
    /// last are the same in both files, so the entries they wholly hold are unchanged.
    ///
    /// - Returns: `nil` when the difference reaches outside the dictionary's body, the new bytes there are not whole
    ///   entries, or a key now collides with another; the caller then decodes the whole file.
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when the new entries nest too deep.
    fileprivate func splice(old image: SuiteImage, new: [UInt8]) throws(PropertyListCodec.DecodeFailure) -> (
        image: SuiteImage, touched: [String]?
    )? {
        let first: Int
        let last: Int
        let oldCount: Int
        if let old = image.bytes {
            let (common, commonEnd) = old.withUnsafeBytes { old in
                new.withUnsafeBytes { new in (Memory.commonPrefixLength(old, new), Memory.commonSuffixLength(old, new))
                }
            }
            let prefix = min(common, bodyEnd)
            let suffix = min(commonEnd, min(old.count, new.count) - prefix)
            // The last entry boundary within the common prefix, and the first one after the old difference.
            first = lastBoundary(atOrBefore: prefix)
            guard first >= 0 else { return nil }
            let changeEnd = max(old.count - suffix, prefix)
            guard let found = firstBoundary(atOrAfter: changeEnd, from: first) else { return nil }
            last = found
            oldCount = old.count
        } else {
            guard let count = image.fingerprint?.count,
                let (leading, trailing) = unchangedEntries(in: new, oldCount: count)
            else { return nil }
            first = leading
            last = keys.count - trailing
            oldCount = count
        }
        let oldStart = boundary(first)
        let oldEnd = boundary(last)
        let newEnd = oldEnd + new.count - oldCount
        guard oldStart <= newEnd else { return nil }
        let entries: [XMLPropertyListReader.Entry]?
        do {
            entries = try new.withUnsafeBufferPointer { buffer throws(XMLPropertyListReader.Refusal) in
                try XMLPropertyListReader.entries(buffer, in: oldStart..<newEnd)
            }
        } catch {
            throw PropertyListCodec.DecodeFailure(
                reason: "it nests arrays or dictionaries deeper than \(XMLPropertyListReader.maximumDepth) levels")
        }
        guard let entries else { return nil }
        var values = image.values
        let removed = keys[first..<last]
        for key in removed { values[key] = nil }
        for entry in entries {
            // A key that is also in an untouched entry is a duplicate, which only a whole decode settles.
            guard values.updateValue(entry.value, forKey: entry.key) == nil else { return nil }
        }
        let shift = new.count - oldCount
        var index = self
        index.prints = nil
        index.keys.replaceSubrange(first..<last, with: entries.map(\.key))
        index.starts.replaceSubrange(first..<last, with: entries.map(\.start))
        for position in (first + entries.count)..<index.starts.count { index.starts[position] += shift }
        index.bodyEnd += shift
        let window = index.keys[max(0, first - 1)..<min(index.keys.count, first + entries.count + 1)]
        index.isSorted = isSorted && zip(window, window.dropFirst()).allSatisfy { !($1 < $0) }
        index.isCanonical =
            isCanonical && zip(window, window.dropFirst()).allSatisfy { $0 < $1 }
            && Self.isWrittenAsTheWriterDoes(entries, in: new, between: index, first: first)
        let touched = Array(Set(removed).union(entries.map(\.key)))
        return (SuiteImage(values: values, exactValues: nil, bytes: new, index: index), touched)
    }

    /// The highest boundary at or before `offset`, or -1 when the offset lies before the first entry.
    private func lastBoundary(atOrBefore offset: Int) -> Int {
        var low = 0
        var high = keys.count + 1
        // Invariant: every boundary before `low` is at or before `offset`; none from `high` on is.
        while low < high {
            let middle = (low + high) / 2
            if boundary(middle) <= offset { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// The lowest boundary from `from` on that is at or after `offset`.
    private func firstBoundary(atOrAfter offset: Int, from: Int) -> Int? {
        var low = from
        var high = keys.count + 1
        while low < high {
            let middle = (low + high) / 2
            if boundary(middle) < offset { low = middle + 1 } else { high = middle }
        }
        return low <= keys.count ? low : nil
    }

    /// Whether re-read entries are laid out as the writer lays them out.
    private static func isWrittenAsTheWriterDoes(
        _ entries: [XMLPropertyListReader.Entry], in bytes: [UInt8], between index: Self, first: Int
    ) -> Bool {
        var expected: [UInt8] = []
        for entry in entries { XMLPropertyListWriter.entry(entry.key, entry.value, into: &expected) }
        return bytes[index.boundary(first)..<index.boundary(first + entries.count)].elementsEqual(expected)
    }
}
