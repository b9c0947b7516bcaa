/// A hash table of a GVDB file, GLib's format for dconf's databases and compiled GSettings schemas, read in Swift.
///
/// Written by hand, following GLib's `gvdb-reader.c`, because no library reads GVDB outside GLib, and loading GLib
/// for it costs a one-key read more than the whole of `gsettings get`. Every offset is checked against the file's
/// bytes; a table that is malformed anywhere it is read gives no value, never a trap. Files in the other byte order
/// are refused, so that their readers ask GLib.
package struct GVDBTable: Sendable {
    /// Why a file cannot be read as GVDB.
    package enum Failure: Error, Sendable, Equatable {
        /// The file does not start with GVDB's signature, or is shorter than its header.
        case notGVDB
        /// The file is GVDB written in the other byte order.
        case byteSwapped
    }

    private let buffer: [UInt8]
    private let buckets: Range<Int>
    private let items: Range<Int>

    /// The size of one hash item: hash, parent, key start (4 bytes each), key size (2), type and a spare byte, and
    /// the value's start and end (4 each).
    private static let itemSize = 24

    /// The root table of a GVDB file.
    ///
    /// - Parameter bytes: The whole file.
    /// - Throws: ``Failure`` when it is not GVDB in this machine's byte order.
    package init(file bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 24 else { throw .notGVDB }
        let signature = Array(bytes[0..<8])
        let version = Self.word(bytes, at: 8)
        if signature == Array("GVariant".utf8), version == 0 {
            self.init(buffer: bytes, start: Self.word(bytes, at: 16), end: Self.word(bytes, at: 20))
        } else if signature == Array("raVGtnai".utf8), version == 0 {
            throw .byteSwapped
        } else {
            throw .notGVDB
        }
    }

    /// A table whose header is at `start..<end`; empty when that is out of bounds or malformed, as GLib's is.
    private init(buffer: [UInt8], start: Int?, end: Int?) {
        self.buffer = buffer
        guard let start, let end, start <= end, end <= buffer.count, start % 4 == 0, end - start >= 8,
            let bloomWords = Self.word(buffer, at: start).map({ $0 & ((1 << 27) - 1) }),
            let bucketCount = Self.word(buffer, at: start + 4)
        else {
            (buckets, items) = (0..<0, 0..<0)
            return
        }
        let bucketStart = start + 8 + bloomWords * 4
        let itemStart = bucketStart + bucketCount * 4
        guard itemStart <= end, (end - itemStart) % Self.itemSize == 0 else {
            (buckets, items) = (0..<0, 0..<0)
            return
        }
        buckets = bucketStart..<itemStart
        items = itemStart..<end
    }

    private var itemCount: Int { items.count / Self.itemSize }

    // MARK: - Lookup

    /// The value stored under a key, unwrapped from the `v` GVDB keeps it in.
    ///
    /// - Parameter key: The full key, such as `/org/gnome/desktop/interface/clock-format`.
    /// - Returns: The value, or `nil` when there is none or it is malformed.
    package func value(forKey key: String) -> SerializedVariant? {
        guard let item = lookup(key, type: UInt8(ascii: "v")), let range = pointer(item: item, alignment: 8) else {
            return nil
        }
        return SerializedVariant(type: .variant, buffer: buffer, range: range)?.inner
    }

    /// Whether a key holds a value, as `gvdb_table_has_value`: dconf's locks are keys of its `.locks` table.
    package func hasValue(forKey key: String) -> Bool {
        lookup(key, type: UInt8(ascii: "v")).flatMap { pointer(item: $0, alignment: 8) } != nil
    }

    /// The table nested under a key (a compiled schema, dconf's `.locks`), or `nil` when there is none.
    package func table(forKey key: String) -> GVDBTable? {
        guard let item = lookup(key, type: UInt8(ascii: "H")) else { return nil }
        let base = items.lowerBound + item * Self.itemSize
        return GVDBTable(buffer: buffer, start: Self.word(buffer, at: base + 16), end: Self.word(buffer, at: base + 20))
    }

    /// The names listed under a key, as `gvdb_table_list`: a compiled schema lists its keys under `""`.
    ///
    /// - Parameter key: The list's key.
    /// - Returns: Each listed item's own name, or `nil` when there is no such list.
    package func list(_ key: String) -> [String]? {
        guard let item = lookup(key, type: UInt8(ascii: "L")), let range = pointer(item: item, alignment: 4),
            range.count % 4 == 0
        else { return nil }
        return stride(from: range.lowerBound, to: range.upperBound, by: 4).map { offset in
            guard let index = Self.word(buffer, at: offset), index < itemCount, let name = self.key(item: index) else {
                return ""
            }
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// The index of the item for a key of a type, following GLib's hash (djb2 over signed chars), its buckets, and
    /// its check of the key through the parent chain.
    private func lookup(_ key: String, type: UInt8) -> Int? {
        let bucketCount = buckets.count / 4
        guard bucketCount > 0, itemCount > 0 else { return nil }
        let bytes = Array(key.utf8)
        var hash: UInt32 = 5381
        for byte in bytes { hash = hash &* 33 &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte))) }
        let bucket = Int(hash % UInt32(bucketCount))
        guard var index = Self.word(buffer, at: buckets.lowerBound + bucket * 4) else { return nil }
        var last = itemCount
        if bucket != bucketCount - 1, let next = Self.word(buffer, at: buckets.lowerBound + (bucket + 1) * 4),
            next <= itemCount
        {
            last = next
        }
        while index < last {
            let base = items.lowerBound + index * Self.itemSize
            if Self.word(buffer, at: base) == Int(hash), buffer[base + 14] == type,
                matches(item: index, key: bytes[...])
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether an item's key, with its parents' before it, is the whole of `key`.
    private func matches(item: Int, key: ArraySlice<UInt8>) -> Bool {
        var item = item
        var rest = key
        // Each step takes at least one byte off the key, so the walk ends.
        while true {
            guard let own = self.key(item: item), own.count <= rest.count, rest.suffix(own.count).elementsEqual(own)
            else { return false }
            rest = rest.dropLast(own.count)
            guard let parent = field(item: item, at: 4) else { return false }
            if rest.isEmpty && parent == 0xFFFF_FFFF { return true }
            guard parent < itemCount, !own.isEmpty else { return false }
            item = parent
        }
    }

    /// An item's own part of its key.
    private func key(item: Int) -> [UInt8]? {
        let base = items.lowerBound + item * Self.itemSize
        guard let start = field(item: item, at: 8) else { return nil }
        let size = Int(buffer[base + 12]) | Int(buffer[base + 13]) << 8
        guard start + size <= buffer.count else { return nil }
        return Array(buffer[start..<(start + size)])
    }

    /// Where an item's value is, when its pointer is within the file and aligned.
    private func pointer(item: Int, alignment: Int) -> Range<Int>? {
        guard let start = field(item: item, at: 16), let end = field(item: item, at: 20), start <= end,
            end <= buffer.count, start % alignment == 0
        else { return nil }
        return start..<end
    }

    private func field(item: Int, at offset: Int) -> Int? {
        Self.word(buffer, at: items.lowerBound + item * Self.itemSize + offset)
    }

    /// A little-endian 32-bit word.
    private static func word(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
            | Int(bytes[offset + 3]) << 24
    }
}
