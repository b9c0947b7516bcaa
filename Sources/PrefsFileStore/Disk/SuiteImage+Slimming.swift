extension SuiteImage {
    /// The image as a suite keeps it: a file larger than `threshold` is replaced by its fingerprints.
    ///
    /// The values stay; only the bytes go, which the image needs again only when the file is written, and a write
    /// reads the file under the lock anyway (see ``hydrated(with:)``).
    ///
    /// - Parameter threshold: The largest file kept whole; ``slimmingThreshold`` but in tests.
    /// - Returns: The image, without the bytes of a file larger than `threshold`.
    func slimmed(above threshold: Int = slimmingThreshold) -> SuiteImage {
        guard let bytes, bytes.count > threshold else { return self }
        var slim = self
        slim.bytes = nil
        slim.fingerprint = fingerprint ?? FileFingerprint(bytes)
        // A hydrated image still has the fingerprints it was slimmed with; anything that changes the bytes drops them.
        if var index, index.prints == nil {
            index.prints = Self.prints(of: bytes, at: index)
            slim.index = index
        }
        if binary != nil { slim.binary?.prints = binaryPrints }
        return slim
    }

    /// This image with the bytes it was read from, which must be the file its fingerprints describe; they are kept,
    /// so that slimming it again, after a write that changed nothing, hashes nothing.
    func hydrated(with bytes: [UInt8]) -> SuiteImage {
        var full = self
        full.bytes = bytes
        return full
    }

    /// Whether this image and another were read from the same bytes.
    func isSameFile(as other: SuiteImage) -> Bool {
        if let bytes { return other.holds(bytes) }
        if let others = other.bytes { return holds(others) }
        return fingerprint == other.fingerprint
    }

    /// Whether this image was read from exactly these bytes.
    func holds(_ file: [UInt8]) -> Bool {
        if let bytes { return bytes == file }
        guard let fingerprint, fingerprint.count == file.count else { return false }
        return fingerprint == FileFingerprint(file)
    }

    /// Whether there is no file, or it is empty.
    var isEmptyFile: Bool { bytes?.isEmpty ?? (fingerprint?.count == 0) }
}

extension SuiteImage.Index {
    /// The entries a new file shares with the one a slimmed image was read from, counted by their fingerprints: how
    /// many lead the body unchanged, and how many end it (at offsets shifted by the change in length).
    ///
    /// - Returns: `nil` when the bytes before or after the entries changed; the caller then decodes the whole file.
    func unchangedEntries(in new: [UInt8], oldCount: Int) -> (leading: Int, trailing: Int)? {
        guard let prints else { return nil }
        let shift = new.count - oldCount
        let tailStart = bodyEnd + shift
        guard boundary(0) <= new.count, tailStart >= boundary(0), tailStart <= new.count,
            FileFingerprint(new[..<boundary(0)]) == prints.head, FileFingerprint(new[tailStart...]) == prints.tail
        else { return nil }
        var leading = 0
        while leading < keys.count, boundary(leading + 1) <= new.count,
            FileFingerprint(new[boundary(leading)..<boundary(leading + 1)]).hash == prints.entries[leading]
        {
            leading += 1
        }
        var trailing = 0
        while trailing < keys.count - leading {
            let entry = keys.count - 1 - trailing
            let start = boundary(entry) + shift
            let end = boundary(entry + 1) + shift
            guard start >= boundary(leading), FileFingerprint(new[start..<end]).hash == prints.entries[entry] else {
                break
            }
            trailing += 1
        }
        return (leading, trailing)
    }
}
