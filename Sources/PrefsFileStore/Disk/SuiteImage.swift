import PrefsCore
import PrefsStoreKit
import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A suite's property list as bytes and as values, with where each top-level entry lies in the bytes, so that a write
/// re-encodes only the keys it changes and a reload re-reads only the entries that differ from the last version.
///
/// A write copies every entry it was not asked to change byte for byte, so what another program wrote — a number's
/// spelling, a hand edit's layout, two keys that differ only in Unicode normalisation — stays exactly as it was. Only
/// a file the fast reader does not cover (a binary property list, another encoding) is re-encoded whole, and then
/// only after checking that every value reads back identical (see ``applying(_:)``).
///
/// - Invariant: `values` is what `bytes` decodes to, keys compared as Swift compares strings. When `index` is set,
///   its entries tile the top-level dictionary's body in file order: entry `i` spans `starts[i]..<starts[i + 1]`, the
///   last one ends at `bodyEnd`. `exactValues` is set exactly when two entries have keys Swift finds equal.
struct SuiteImage: Sendable {
    /// The values by key; where two keys are canonically equivalent, the later entry's value, as Foundation reads it.
    private(set) var values: [String: PropertyListValue]
    /// Every entry's value by its exact key, kept only for a file whose keys collide as Swift strings.
    private(set) var exactValues: [ExactKey: PropertyListValue]?
    /// The file, or `nil` in an image slimmed to be kept (see ``slimmed()``).
    var bytes: [UInt8]?
    /// The file's fingerprint, set when the image is slimmed (and kept when it is hydrated again).
    var fingerprint: FileFingerprint?
    var index: Index?
    /// The file's format: binary for a `bplist00`, XML for anything else, and for no file.
    var format: SuiteFileFormat = .xml
    /// A binary file's keys and entry fingerprints.
    var binary: BinaryIndex?

    /// The size above which a kept image holds fingerprints of the file rather than the file: at 100,000 keys, a
    /// file of 6 MB against 0.8 MB of fingerprints.
    static let slimmingThreshold = 256 * 1024

    struct Index: Sendable {
        var keys: [String]
        var starts: [Int]
        var bodyEnd: Int
        /// Fingerprints of the entries and of what comes before and after them, kept in place of the bytes by a
        /// slimmed image, so that a reload still re-reads only the entries that changed.
        var prints: Prints?
        /// Whether the bytes are exactly what ``XMLPropertyListWriter`` writes for the values.
        ///
        /// Only then (sorted keys, the writer's layout) is a spliced file the one a full encoding would give.
        var isCanonical: Bool
        /// Whether the keys are in ascending order (ties allowed), so that new keys can be inserted in place.
        var isSorted: Bool

        struct Prints: Sendable {
            /// The bytes before the first entry.
            var head: FileFingerprint
            /// The hash of each entry's bytes, in file order; the entry's length is known from the offsets.
            var entries: [Int]
            /// The bytes from the end of the last entry.
            var tail: FileFingerprint
        }
    }

    /// No file.
    static let empty = SuiteImage(values: [:], exactValues: nil, bytes: [], index: nil)

    init(
        values: [String: PropertyListValue], exactValues: [ExactKey: PropertyListValue]?, bytes: [UInt8],
        index: Index?
    ) {
        self.values = values
        self.exactValues = exactValues
        self.bytes = bytes
        self.index = index
    }

    /// The canonical file for some values.
    init(encoding values: [String: PropertyListValue]) {
        let document = XMLPropertyListWriter.document(values)
        self.values = values
        exactValues = nil
        bytes = document.bytes
        index = document.bodyEnd.map {
            Index(keys: document.keys, starts: document.starts, bodyEnd: $0, isCanonical: true, isSorted: true)
        }
    }

    /// Decodes a whole file.
    ///
    /// - Parameters:
    ///   - bytes: The file, handed over.
    ///   - slimming: Whether to keep a file larger than ``slimmingThreshold`` as fingerprints (see
    ///     ``slimmed(above:)``). Its entries are then read into arrays, and the bytes released before the dictionary
    ///     of values is built, so that a large file and its dictionary are never in memory together.
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when it is not a property list whose root is a dictionary, or
    ///   when it nests deeper than ``XMLPropertyListReader/maximumDepth``.
    init(decoding bytes: consuming [UInt8], slimming: Bool = false) throws(PropertyListCodec.DecodeFailure) {
        try self.init(decoding: bytes, slimming: slimming, transcoding: true)
    }

    /// Decodes a whole file, converting a UTF-16 or Latin-1 one to UTF-8 only when `transcoding`: a converted file the
    /// reader still cannot read is refused, never converted again (a declaration the converter could not rewrite made
    /// each pass double the file).
    private init(
        decoding bytes: consuming [UInt8], slimming: Bool, transcoding: Bool
    ) throws(PropertyListCodec.DecodeFailure) {
        exactValues = nil
        // An empty file is how a suite looks while a plain UserDefaults program rewrites it in place.
        guard !bytes.isEmpty else {
            self.bytes = bytes
            values = [:]
            index = nil
            return
        }
        if BinaryPropertyListLayout.isBinary(bytes) {
            self = try Self.binaryDecoding(bytes)
            if slimming { self = slimmed() }
            return
        }
        if slimming && bytes.count > Self.slimmingThreshold {
            self = try Self.slimDecoding(consume bytes)
            return
        }
        self.bytes = bytes
        // Sized up front: growing a 100,000-key dictionary doubles it, and both copies are briefly alive.
        let estimate = Self.keyTagCount(bytes)
        var values = [String: PropertyListValue](minimumCapacity: estimate)
        var collisions: [ExactKey: PropertyListValue] = [:]
        var keys: [String] = []
        var starts: [Int] = []
        keys.reserveCapacity(estimate)
        starts.reserveCapacity(estimate)
        let document = try Self.readEntries(of: bytes) { entry in
            Self.insert(entry.value, forKey: entry.key, into: &values, collisions: &collisions)
            keys.append(entry.key)
            starts.append(entry.start)
        }
        guard let document else {
            // A UTF-16 or Latin-1 file is read as UTF-8; with no index into the bytes on disk, a write re-encodes it
            // whole, in UTF-8, after checking that every value reads back identical.
            guard transcoding, let converted = XMLTranscoding.utf8(bytes) else {
                throw PropertyListCodec.refusal(Data(bytes))
            }
            do {
                self = try SuiteImage(decoding: converted, slimming: false, transcoding: false)
            } catch {
                throw PropertyListCodec.refusal(Data(bytes))
            }
            index = nil
            return
        }
        self.values = values
        exactValues = collisions.isEmpty ? nil : collisions
        index = document.bodyEnd.map { Index(readKeys: keys, starts: starts, bodyEnd: $0) }
    }

    /// The value stored under exactly this key: a key that differs from a stored one only in Unicode normalisation
    /// is another key, and is not stored.
    func value(forKey key: String) -> PropertyListValue? {
        Self.value(forKey: key, in: values, exactValues: exactValues)
    }

    /// The value stored under exactly a key, in an image's values and its keys that Swift finds equal
    /// (``exactValues``): the rule ``ReadSnapshot`` reads by too.
    static func value(
        forKey key: String, in values: [String: PropertyListValue], exactValues: [ExactKey: PropertyListValue]?
    ) -> PropertyListValue? {
        if let exactValues, let value = exactValues[ExactKey(key)] { return value }
        guard let position = values.index(forKey: key) else { return nil }
        // Swift found a key equal as text; it is this key only if its bytes are the same. Outside a colliding class,
        // the dictionary's key is the one entry's own.
        let (stored, value) = values[position]
        // A key in a colliding class that is none of its members' bytes is not stored; the first member is recorded.
        if let exactValues, exactValues[ExactKey(stored)] != nil { return nil }
        return ExactKey.same(stored, key) ? value : nil
    }

    /// Every key once, by its exact bytes, in file order when the file was indexed.
    var exactKeys: [String] {
        guard let keys = index?.keys ?? binary?.keys else { return Array(values.keys) }
        guard exactValues != nil || keys.count != values.count else { return keys }
        var seen = Set<ExactKey>()
        return keys.filter { seen.insert(ExactKey($0)).inserted }
    }

    /// How many `<key>` tags a file holds: the top-level entries, plus those of nested dictionaries.
    static func keyTagCount(_ bytes: [UInt8]) -> Int {
        // Found at memory speed (memchr for each `<`): a byte-by-byte scan of a 6 MB suite cost a tenth of its read.
        let tag: StaticString = "<key>"
        return tag.withUTF8Buffer { tag in
            bytes.withUnsafeBytes { bytes in
                var count = 0
                var position = 0
                while let found = Memory.firstOffset(
                    of: UnsafeRawBufferPointer(tag), in: UnsafeRawBufferPointer(rebasing: bytes[position...]))
                {
                    count += 1
                    position += found + tag.count
                }
                return count
            }
        }
    }

    /// The keys in ascending order: the index's, when the file lists them in that order, as the writer does.
    var sortedKeys: [String] {
        if let index, exactValues == nil, index.isCanonical || index.isSorted {
            return index.keys
        }
        return exactKeys.sorted(by: ExactKey.precedes)
    }

    /// The keys whose values differ between an older version and this one, in key order, each with its old and new
    /// value.
    ///
    /// - Parameters:
    ///   - old: The version before.
    ///   - candidates: The only keys that can differ, when known (see ``reading(_:)``).
    /// - Returns: Each key that differs, compared by its exact bytes.
    func differences(from old: SuiteImage, among candidates: [String]? = nil) -> [(
        key: String, old: PropertyListValue?, new: PropertyListValue?
    )] {
        var changed: [String] = []
        if let candidates {
            var seen = Set<ExactKey>()
            changed = candidates.filter {
                seen.insert(ExactKey($0)).inserted && old.value(forKey: $0) != value(forKey: $0)
            }
        } else if exactValues != nil || old.exactValues != nil {
            var seen = Set<ExactKey>()
            for key in exactKeys + old.exactKeys where seen.insert(ExactKey(key)).inserted {
                if old.value(forKey: key) != value(forKey: key) { changed.append(key) }
            }
        } else {
            for (key, value) in values where old.values[key] != value { changed.append(key) }
            for key in old.values.keys where values[key] == nil { changed.append(key) }
        }
        return changed.sorted(by: ExactKey.precedes).map { ($0, old.value(forKey: $0), value(forKey: $0)) }
    }
}
