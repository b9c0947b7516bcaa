import PrefsCore
import PrefsStoreKit

extension SuiteImage {
    /// Decodes a large file into a slimmed image (see ``slimmed(above:)``), never holding the file and the
    /// dictionary of its values at once: the entries are read into arrays, the file is fingerprinted and released,
    /// and only then is the dictionary built.
    ///
    /// At 100,000 keys the file is 6 MB and the dictionary's table 10.5 MB; this keeps the peak of opening such a
    /// suite about 4 MB lower than decoding straight into the dictionary.
    ///
    /// - Parameter bytes: The file, handed over; it is released before this returns.
    /// - Returns: The image, without the file's bytes.
    /// - Throws: As ``init(decoding:slimming:)`` does.
    static func slimDecoding(_ bytes: consuming [UInt8]) throws(PropertyListCodec.DecodeFailure) -> SuiteImage {
        let estimate = keyTagCount(bytes)
        var keys: [String] = []
        var starts: [Int] = []
        var entries: [PropertyListValue] = []
        keys.reserveCapacity(estimate)
        starts.reserveCapacity(estimate)
        entries.reserveCapacity(estimate)
        let document = try readEntries(of: bytes) { entry in
            keys.append(entry.key)
            starts.append(entry.start)
            entries.append(entry.value)
        }
        guard let document else {
            // Outside the fast reader's subset: converted from another encoding, or refused.
            return try SuiteImage(decoding: consume bytes).slimmed()
        }
        var index: Index?
        if let bodyEnd = document.bodyEnd {
            var body = Index(readKeys: keys, starts: starts, bodyEnd: bodyEnd)
            body.prints = prints(of: bytes, at: body)
            index = body
        }
        let fingerprint = FileFingerprint(bytes)
        _ = consume bytes
        var values = [String: PropertyListValue](minimumCapacity: entries.count)
        var collisions: [ExactKey: PropertyListValue] = [:]
        for (key, value) in zip(keys, entries) {
            insert(value, forKey: key, into: &values, collisions: &collisions)
        }
        entries = []
        var image = SuiteImage(
            values: values, exactValues: collisions.isEmpty ? nil : collisions, bytes: [], index: index)
        image.bytes = nil
        image.fingerprint = fingerprint
        return image
    }

    /// Runs the fast reader over a whole file, handing it each top-level entry in file order.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - each: Called with every entry; when the result is `nil`, what it was given must be discarded.
    /// - Returns: The number of entries and the end of the last one, or `nil` when the file is outside the reader's
    ///   subset.
    /// - Throws: ``PropertyListCodec/DecodeFailure`` when it nests deeper than ``XMLPropertyListReader/maximumDepth``.
    static func readEntries(of bytes: [UInt8], _ each: (XMLPropertyListReader.Entry) -> Void)
        throws(PropertyListCodec.DecodeFailure) -> (count: Int, bodyEnd: Int?)?
    {
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(XMLPropertyListReader.Refusal) in
                try XMLPropertyListReader.document(buffer, each: each)
            }
        } catch {
            throw PropertyListCodec.DecodeFailure(
                reason: "it nests arrays or dictionaries deeper than \(XMLPropertyListReader.maximumDepth) levels")
        }
    }

    /// Adds an entry to the values, recording both entries by their bytes when Swift finds its key equal to an
    /// earlier one's.
    static func insert(
        _ value: PropertyListValue, forKey key: String, into values: inout [String: PropertyListValue],
        collisions: inout [ExactKey: PropertyListValue]
    ) {
        guard let earlier = values.updateValue(value, forKey: key) else { return }
        // The dictionary keeps the first entry's key; until a collision has been recorded for it, the value replaced
        // is that first entry's.
        if let first = values.index(forKey: key).map({ values[$0].key }), collisions[ExactKey(first)] == nil {
            collisions[ExactKey(first)] = earlier
        }
        collisions[ExactKey(key)] = value
    }

    /// The fingerprints a slimmed image keeps of a file's parts.
    static func prints(of bytes: [UInt8], at index: Index) -> Index.Prints {
        var entries: [Int] = []
        entries.reserveCapacity(index.keys.count)
        for entry in index.keys.indices {
            entries.append(FileFingerprint(bytes[index.boundary(entry)..<index.boundary(entry + 1)]).hash)
        }
        return Index.Prints(
            head: FileFingerprint(bytes[..<index.boundary(0)]), entries: entries,
            tail: FileFingerprint(bytes[index.bodyEnd...]))
    }
}

extension SuiteImage.Index {
    /// The index of a file as read: not known to be the writer's layout, sorted if its keys are in ascending order.
    init(readKeys keys: [String], starts: [Int], bodyEnd: Int) {
        self.init(
            keys: keys, starts: starts, bodyEnd: bodyEnd, isCanonical: false,
            isSorted: zip(keys, keys.dropFirst()).allSatisfy { !($1 < $0) })
    }
}
