import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SuiteImage {
    /// What a binary file's image knows of its entries: the keys in file order, and each entry's fingerprint (see
    /// ``BinaryPropertyListLayout/fingerprints(of:)``), so that a reload decodes only the entries that changed.
    ///
    /// The fingerprints are taken when first needed — at a reload, from the bytes, or before a slimmed image lets its
    /// bytes go — since most processes read a suite once and never reload it.
    struct BinaryIndex: Sendable {
        var keys: [String]
        var prints: [Int]?

        /// Whether the keys are in ascending order (ties allowed), so that new keys can be inserted in place.
        var isSorted: Bool { zip(keys, keys.dropFirst()).allSatisfy { !($1 < $0) } }
    }

    /// Decodes a whole binary property list.
    ///
    /// - Parameter bytes: The file, which starts with `bplist`.
    /// - Returns: The image; the fingerprints of its entries are taken when first needed.
    /// - Throws: ``PropertyListCodec/DecodeFailure`` naming what is wrong.
    static func binaryDecoding(_ bytes: [UInt8]) throws(PropertyListCodec.DecodeFailure) -> SuiteImage {
        var values: [String: PropertyListValue] = [:]
        var collisions: [ExactKey: PropertyListValue] = [:]
        var keys: [String] = []
        do throws(BinaryPropertyListLayout.Failure) {
            _ = try bytes.withUnsafeBufferPointer { buffer throws(BinaryPropertyListLayout.Failure) in
                try BinaryPropertyListReader.read(UnsafeRawBufferPointer(buffer)) { entry in
                    insert(entry.value, forKey: entry.key, into: &values, collisions: &collisions)
                    keys.append(entry.key)
                }
            }
        } catch {
            throw PropertyListCodec.DecodeFailure(reason: error.reason)
        }
        var image = SuiteImage(
            values: values, exactValues: collisions.isEmpty ? nil : collisions, bytes: bytes, index: nil)
        image.format = .binary
        image.binary = BinaryIndex(keys: keys, prints: nil)
        return image
    }

    /// The fingerprints of a binary image's entries, taken from its bytes when they have not been yet.
    var binaryPrints: [Int]? {
        if let prints = binary?.prints { return prints }
        return bytes?.withUnsafeBufferPointer { buffer in
            guard let layout = try? BinaryPropertyListLayout(UnsafeRawBufferPointer(buffer)) else { return nil }
            return try? layout.fingerprints(of: layout.topEntries())
        }
    }

    /// Reads the next version of a binary file, decoding only the entries whose fingerprints are new.
    ///
    /// - Returns: The image and the keys of the entries that were decoded or went away, or `nil` when the new file
    ///   must be decoded whole: it does not read, or keys repeat.
    func binaryReading(_ new: [UInt8]) -> (image: SuiteImage, touched: [String]?)? {
        guard let binary, exactValues == nil, binary.keys.count == values.count, let oldPrints = binaryPrints else {
            return nil
        }
        return new.withUnsafeBytes { raw -> (image: SuiteImage, touched: [String]?)? in
            guard let layout = try? BinaryPropertyListLayout(raw), let entries = try? layout.topEntries(),
                let prints = try? layout.fingerprints(of: entries)
            else { return nil }
            var unchanged: [Int: [Int]] = [:]
            for (position, print) in oldPrints.enumerated() { unchanged[print, default: []].append(position) }
            var reused: [Int?] = []
            var needed: [(key: Int, value: Int)] = []
            for (position, print) in prints.enumerated() {
                if let old = unchanged[print]?.popLast() {
                    reused.append(old)
                } else {
                    reused.append(nil)
                    needed.append(entries[position])
                }
            }
            guard let read = try? BinaryPropertyListReader.read(needed, of: layout) else { return nil }
            var fresh = read.makeIterator()
            var values = [String: PropertyListValue](minimumCapacity: entries.count)
            var keys: [String] = []
            keys.reserveCapacity(entries.count)
            var touched: [String] = []
            for old in reused {
                let key: String
                let value: PropertyListValue
                if let old, let kept = self.values[binary.keys[old]] {
                    key = binary.keys[old]
                    value = kept
                } else if let entry = fresh.next() {
                    key = entry.key
                    value = entry.value
                    touched.append(key)
                } else {
                    return nil
                }
                // A key that repeats, or collides as a Swift string, is settled by a whole decode.
                guard values.updateValue(value, forKey: key) == nil else { return nil }
                keys.append(key)
            }
            for (position, print) in oldPrints.enumerated() where unchanged[print]?.contains(position) == true {
                touched.append(binary.keys[position])
            }
            var image = SuiteImage(values: values, exactValues: nil, bytes: new, index: nil)
            image.format = .binary
            image.binary = BinaryIndex(keys: keys, prints: prints)
            return (image, Array(Set(touched)))
        }
    }

    /// The image of a binary file with some keys changed, and every other entry's objects transcribed as they were.
    ///
    /// - Parameter changes: The new value of each key, or `nil` to remove it.
    /// - Returns: The new image, read back from the bytes written.
    /// - Throws: ``Loss`` when the file cannot be read again, or a value does not read back as it should.
    func binaryApplying(_ changes: [String: PropertyListValue?]) throws(Loss) -> SuiteImage {
        let first = changes.keys.sorted().first ?? ""
        guard let bytes, let binary else { throw Loss(key: first, reason: "the file was not read before the write") }
        var wanted: [ExactKey: PropertyListValue?] = [:]
        for (key, value) in changes { wanted[ExactKey(key)] = value }
        let output: [UInt8]
        do throws(BinaryPropertyListLayout.Failure) {
            output = try bytes.withUnsafeBufferPointer { buffer throws(BinaryPropertyListLayout.Failure) in
                let layout = try BinaryPropertyListLayout(UnsafeRawBufferPointer(buffer))
                let entries = try layout.topEntries()
                guard entries.count == binary.keys.count else { throw .init("the file changed while it was read") }
                var items: [(key: BinaryPropertyListWriter.Source, value: BinaryPropertyListWriter.Source)] = []
                var itemKeys: [String] = []
                var done = Set<ExactKey>()
                for (position, entry) in entries.enumerated() {
                    let key = binary.keys[position]
                    guard let change = wanted[ExactKey(key)] else {
                        items.append((.object(entry.key), .object(entry.value)))
                        itemKeys.append(key)
                        continue
                    }
                    // The first entry with the key takes the new value; a repeat of it goes, as in an XML file.
                    guard done.insert(ExactKey(key)).inserted, let change else { continue }
                    items.append((.object(entry.key), .value(change)))
                    itemKeys.append(key)
                }
                let sorted = binary.isSorted
                for key in changes.keys.sorted(by: ExactKey.precedes) where !done.contains(ExactKey(key)) {
                    guard let value = changes[key] ?? nil else { continue }
                    let place = sorted ? (itemKeys.firstIndex { !($0 < key) } ?? itemKeys.count) : itemKeys.count
                    items.insert((.key(key), .value(value)), at: place)
                    itemKeys.insert(key, at: place)
                }
                return try BinaryPropertyListWriter.document(items, transcribingFrom: layout)
            }
        } catch {
            throw Loss(key: first, reason: "the binary file could not be rewritten: \(error.reason)")
        }
        return try readBack(output, changes: changes)
    }

    /// Decodes a file just encoded from this image and checks it: every key not changed holds exactly what it held,
    /// and every changed key holds its new value.
    ///
    /// - Throws: ``Loss`` naming the first key that does not read back.
    func readBack(_ output: [UInt8], changes: [String: PropertyListValue?]) throws(Loss) -> SuiteImage {
        let next: SuiteImage
        do throws(PropertyListCodec.DecodeFailure) {
            next = try SuiteImage(decoding: output)
        } catch {
            throw Loss(key: changes.keys.sorted().first ?? "", reason: "the written file does not read back")
        }
        let changed = Set(changes.keys.map(ExactKey.init))
        for key in exactKeys where !changed.contains(ExactKey(key)) {
            guard let value = value(forKey: key) else { continue }
            let back = next.value(forKey: key)
            guard let back, value.isIdentical(to: back) else {
                throw Loss(key: key, reason: value.lossDescription(readBack: back))
            }
        }
        for (key, value) in changes where next.value(forKey: key) != value {
            throw Loss(key: key, reason: "the new value does not read back as written")
        }
        return next
    }
}
