/// Checks a binary property list's object table before Foundation's parser sees it.
///
/// Foundation on Linux decodes a binary property list's set into an `NSSet` and then crashes the process bridging it (a null
/// pointer in the runtime's casts, found by fuzzing), so one hostile file could take down every reader of the
/// directory. Preferences never hold sets or archiver UIDs, so a file with either, or with an object of a kind the
/// format does not define, is refused here, in one line. The trailer and the offset table are bounds-checked, and the
/// walk is linear in the number of objects, which the file's size bounds.
enum BinaryPropertyListScreen {
    /// Why the binary property list in `bytes` must not reach Foundation, or `nil` when its objects are all of kinds
    /// preferences hold, or when it is not a binary property list.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> String? {
        // Foundation takes any `bplist0x` version; everything that starts like one is screened.
        guard bytes.starts(with: "bplist".utf8) else { return nil }
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize else { return "a binary property list too short for its trailer" }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = bigEndian(bytes, at: trailer + 8, size: 8)
        let tableOffset = bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), let objectCount, let tableOffset,
            tableOffset >= 8, tableOffset <= UInt64(trailer),
            objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
        else { return "a binary property list whose trailer does not fit the file" }
        for index in 0..<Int(objectCount) {
            let offset = bigEndian(bytes, at: Int(tableOffset) + index * offsetSize, size: offsetSize)
            guard let offset, offset >= 8, offset < tableOffset else {
                return "a binary property list whose object \(index) lies outside it"
            }
            let marker = bytes[Int(offset)]
            guard isPreferenceKind(marker) else {
                return marker >> 4 == 0xC
                    ? "a binary property list holding a set, which preferences cannot hold"
                    : "a binary property list holding an object of kind 0x\(String(marker, radix: 16))"
            }
        }
        return nil
    }

    /// Whether an object marker is one of the kinds a preferences file holds: booleans, integers, reals, dates, data,
    /// strings, arrays and dictionaries.
    private static func isPreferenceKind(_ marker: UInt8) -> Bool {
        switch marker >> 4 {
        case 0x0: [0x08, 0x09].contains(marker)
        case 0x1, 0x2, 0x4, 0x5, 0x6, 0xA, 0xD: true
        case 0x3: marker == 0x33
        default: false
        }
    }

    /// The unsigned big-endian number of `size` bytes at `offset`, or `nil` when it does not lie within `bytes`.
    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
