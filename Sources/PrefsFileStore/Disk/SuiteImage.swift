import Foundation
import PrefsKit

/// A suite's property list as bytes and as values, with where each top-level entry lies in the bytes, so that a write
/// re-encodes only the keys it changes and a reload re-reads only the entries that differ from the last version.
///
/// Encoding and decoding a whole 100-key suite took about 90 µs each, on every write and in every watcher after it;
/// splicing one entry takes a few.
///
/// - Invariant: `values` is what `bytes` decodes to. When `index` is set, its entries tile the top-level dictionary's
///   body in file order: entry `i` spans `starts[i]..<starts[i + 1]`, the last one ends at `bodyEnd`.
struct SuiteImage: Sendable {
    private(set) var values: [String: PropertyListValue]
    private(set) var bytes: [UInt8]
    fileprivate var index: Index?

    fileprivate struct Index: Sendable {
        var keys: [String]
        var starts: [Int]
        var bodyEnd: Int
        /// Whether the bytes are exactly what ``XMLPropertyListWriter`` writes for the values.
        ///
        /// Only then (sorted keys, the writer's layout) is a spliced file the one a full encoding would give.
        var isCanonical: Bool
    }

    /// No file.
    static let empty = SuiteImage(values: [:], bytes: [], index: nil)

    fileprivate init(values: [String: PropertyListValue], bytes: [UInt8], index: Index?) {
        self.values = values
        self.bytes = bytes
        self.index = index
    }

    /// The canonical file for some values.
    init(encoding values: [String: PropertyListValue]) {
        let document = XMLPropertyListWriter.document(values)
        self.values = values
        bytes = document.bytes
        index = document.bodyEnd.map {
            Index(keys: document.keys, starts: document.starts, bodyEnd: $0, isCanonical: true)
        }
    }

    /// Decodes a whole file.
    ///
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when it is not a property list whose root is a dictionary.
    init(decoding bytes: [UInt8]) throws(PropertyListCodec.DecodeFailure) {
        self.bytes = bytes
        // An empty file is how a suite looks while a plain UserDefaults program creates it.
        guard !bytes.isEmpty else {
            values = [:]
            index = nil
            return
        }
        // Sized up front: growing a 100,000-key dictionary doubles it, and both copies are briefly alive.
        let estimate = Self.keyTagCount(bytes)
        var values = [String: PropertyListValue](minimumCapacity: estimate)
        var keys: [String] = []
        var starts: [Int] = []
        keys.reserveCapacity(estimate)
        starts.reserveCapacity(estimate)
        let document = bytes.withUnsafeBufferPointer { buffer in
            XMLPropertyListReader.document(buffer) { entry in
                values[entry.key] = entry.value
                keys.append(entry.key)
                starts.append(entry.start)
            }
        }
        guard let document else {
            self.values = try PropertyListCodec.decodeWithFoundation(Data(bytes))
            index = nil
            return
        }
        self.values = values
        // A key written twice cannot be replaced in one place, so such a file gets no index.
        index = document.bodyEnd.flatMap { bodyEnd in
            values.count == document.count
                ? Index(keys: keys, starts: starts, bodyEnd: bodyEnd, isCanonical: false) : nil
        }
    }

    var data: Data { Data(bytes) }

    /// How many `<key>` tags a file holds: the top-level entries, plus those of nested dictionaries.
    private static func keyTagCount(_ bytes: [UInt8]) -> Int {
        let tag = Array("<key>".utf8)
        var count = 0
        var position = 0
        while position + tag.count <= bytes.count {
            if bytes[position] == 0x3C, bytes[position..<position + tag.count].elementsEqual(tag) {
                count += 1
                position += tag.count
            } else {
                position += 1
            }
        }
        return count
    }

    /// The keys in ascending order: the index's, when the file lists them in that order, as the writer does.
    var sortedKeys: [String] {
        if let index, index.isCanonical || zip(index.keys, index.keys.dropFirst()).allSatisfy({ $0 < $1 }) {
            return index.keys
        }
        return values.keys.sorted()
    }

    // MARK: - Reading a new version

    /// Decodes the next version of the file, re-reading only the entries whose bytes differ from this version's.
    ///
    /// - Parameter new: The file's bytes now.
    /// - Returns: The new image, and the keys whose entries were re-read (`nil` when the whole file was).
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when the new file does not decode.
    func reading(_ new: [UInt8]) throws(PropertyListCodec.DecodeFailure) -> (image: SuiteImage, touched: [String]?) {
        if new == bytes { return (self, []) }
        if let index, let result = index.splice(old: self, new: new) { return result }
        return (try SuiteImage(decoding: new), nil)
    }

    // MARK: - Writing a new version

    /// The image with some keys changed, spliced into this one when it is canonical, encoded whole otherwise.
    ///
    /// - Parameter changes: The new value of each key, or `nil` to remove it.
    /// - Returns: The new image.
    func applying(_ changes: [String: PropertyListValue?]) -> SuiteImage {
        var values = values
        for (key, value) in changes { values[key] = value }
        guard let index, index.isCanonical, !values.isEmpty else { return SuiteImage(encoding: values) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + changes.count * 64)
        var keys: [String] = []
        var starts: [Int] = []
        keys.reserveCapacity(values.count)
        starts.reserveCapacity(values.count)
        var copied = 0
        var entry = 0
        // Copies whole entries up to `limit` (an entry number), shifting their offsets.
        func copy(upTo limit: Int) {
            let end = index.boundary(limit)
            let shift = output.count - copied
            for old in entry..<limit {
                keys.append(index.keys[old])
                starts.append(index.starts[old] + shift)
            }
            output.append(contentsOf: bytes[copied..<end])
            copied = end
            entry = limit
        }
        for key in changes.keys.sorted() {
            let position = index.firstEntry(notBefore: key, from: entry)
            copy(upTo: position)
            if position < index.keys.count && index.keys[position] == key {
                copied = index.boundary(position + 1)
                entry = position + 1
            }
            if let value = changes[key] ?? nil {
                keys.append(key)
                starts.append(output.count)
                XMLPropertyListWriter.entry(key, value, into: &output)
            }
        }
        copy(upTo: index.keys.count)
        let bodyEnd = output.count
        output.append(contentsOf: bytes[copied...])
        return SuiteImage(
            values: values, bytes: output,
            index: Index(keys: keys, starts: starts, bodyEnd: bodyEnd, isCanonical: true))
    }
}

extension SuiteImage.Index {
    /// The first entry at or after `from` whose key is not before `key`, in a canonical (sorted) index.
    fileprivate func firstEntry(notBefore key: String, from: Int) -> Int {
        var low = from
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Re-reads only the entries of `new` that differ from `old`: the bytes before the first difference and after the
    /// last are the same in both files, so the entries they wholly hold are unchanged.
    ///
    /// - Returns: `nil` when the difference reaches outside the dictionary's body or the new bytes there are not
    ///   whole entries; the caller then decodes the whole file.
    fileprivate func splice(old image: SuiteImage, new: [UInt8]) -> (image: SuiteImage, touched: [String]?)? {
        let old = image.bytes
        let prefix = min(commonPrefix(old, new), bodyEnd)
        let suffix = min(commonSuffix(old, new), min(old.count, new.count) - prefix)
        // The last entry boundary within the common prefix, and the first one after the old difference.
        let first = lastBoundary(atOrBefore: prefix)
        guard first >= 0 else { return nil }
        let changeEnd = max(old.count - suffix, prefix)
        guard let last = firstBoundary(atOrAfter: changeEnd, from: first) else { return nil }
        let oldStart = boundary(first)
        let oldEnd = boundary(last)
        let newEnd = oldEnd + new.count - old.count
        guard oldStart <= newEnd,
            let entries = new.withUnsafeBufferPointer({
                XMLPropertyListReader.entries($0, in: oldStart..<newEnd)
            })
        else { return nil }
        var values = image.values
        let removed = keys[first..<last]
        for key in removed { values[key] = nil }
        for entry in entries {
            // A key that is also in an untouched entry is a duplicate, which only a whole decode settles.
            guard values.updateValue(entry.value, forKey: entry.key) == nil else { return nil }
        }
        let shift = new.count - old.count
        var index = self
        index.keys.replaceSubrange(first..<last, with: entries.map(\.key))
        index.starts.replaceSubrange(first..<last, with: entries.map(\.start))
        for position in (first + entries.count)..<index.starts.count { index.starts[position] += shift }
        index.bodyEnd += shift
        index.isCanonical = isCanonical && Self.isCanonical(entries, in: new, between: index, first: first)
        let touched = Array(Set(removed).union(entries.map(\.key)))
        return (SuiteImage(values: values, bytes: new, index: index), touched)
    }

    /// The offset of entry boundary `number`: an entry's start, or the body's end after the last entry.
    fileprivate func boundary(_ number: Int) -> Int { number < keys.count ? starts[number] : bodyEnd }

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

    /// Whether re-read entries are in sorted place and laid out as the writer lays them out.
    private static func isCanonical(
        _ entries: [XMLPropertyListReader.Entry], in bytes: [UInt8], between index: Self, first: Int
    ) -> Bool {
        let last = first + entries.count
        let window = index.keys[max(0, first - 1)..<min(index.keys.count, last + 1)]
        guard zip(window, window.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
        var expected: [UInt8] = []
        for entry in entries { XMLPropertyListWriter.entry(entry.key, entry.value, into: &expected) }
        return bytes[index.boundary(first)..<index.boundary(last)].elementsEqual(expected)
    }
}

/// The number of bytes at the start of both arrays that are equal.
private func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let count = min(a.count, b.count)
    return a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
            var offset = 0
            // Whole blocks first, with memcmp.
            while offset + 64 <= count && memcmp(left + offset, right + offset, 64) == 0 { offset += 64 }
            while offset < count && a[offset] == b[offset] { offset += 1 }
            return offset
        }
    }
}

/// The number of bytes at the end of both arrays that are equal.
private func commonSuffix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let count = min(a.count, b.count)
    return a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
            var length = 0
            while length + 64 <= count
                && memcmp(left + a.count - length - 64, right + b.count - length - 64, 64) == 0
            {
                length += 64
            }
            while length < count && a[a.count - 1 - length] == b[b.count - 1 - length] { length += 1 }
            return length
        }
    }
}
