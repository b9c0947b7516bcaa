extension BinaryPropertyListLayout {
    /// A fingerprint of each top-level entry, its key's bytes and its value's objects, independent of how the objects
    /// are numbered: two files give an entry the same fingerprint when it holds the same bytes, so that a reload
    /// decodes only the entries whose fingerprints are new.
    ///
    /// Fingerprints use the process's seeded `Hasher`, so a file cannot be made to collide with another on purpose,
    /// and they are compared only within one process.
    ///
    /// - Parameter entries: The key and value objects of each entry, from ``topEntries()``.
    /// - Returns: One fingerprint per entry, in the order given.
    /// - Throws: ``Failure`` when an object cannot be read, nests too deep or contains itself.
    func fingerprints(of entries: [(key: Int, value: Int)]) throws(Failure) -> [Int] {
        var walk = FingerprintWalk(layout: self)
        var prints: [Int] = []
        prints.reserveCapacity(entries.count)
        for (key, value) in entries {
            var hasher = Hasher()
            hasher.combine(try walk.fingerprint(key, depth: 2))
            hasher.combine(try walk.fingerprint(value, depth: 2))
            prints.append(hasher.finalize())
        }
        return prints
    }
}

/// The fingerprints of a file's objects, each computed once.
private struct FingerprintWalk {
    let layout: BinaryPropertyListLayout
    var known: [Int: Int] = [:]
    var open: Set<Int> = []

    mutating func fingerprint(_ index: Int, depth: Int) throws(BinaryPropertyListLayout.Failure) -> Int {
        if let print = known[index] { return print }
        let object = try layout.object(index)
        var hasher = Hasher()
        hasher.combine(object.kind.rawValue)
        hasher.combine(object.info)
        hasher.combine(object.count)
        switch object.kind {
        case .array, .dictionary, .set:
            guard depth <= XMLPropertyListReader.maximumDepth, open.insert(index).inserted else {
                throw BinaryPropertyListLayout.Failure("a binary property list nested too deep or inside itself")
            }
            defer { open.remove(index) }
            let references = object.kind == .dictionary ? 2 * object.count : object.count
            for position in 0..<references {
                hasher.combine(try fingerprint(layout.reference(in: object, at: position), depth: depth + 1))
            }
        case .simple:
            break
        default:
            let unit = object.kind == .utf16 ? 2 : 1
            hasher.combine(
                bytes: UnsafeRawBufferPointer(
                    rebasing: layout.bytes[object.payload..<(object.payload + object.count * unit)]))
        }
        let print = hasher.finalize()
        known[index] = print
        return print
    }
}
