/// QVariants in `QDataStream`'s format, as QSettings' `@Variant(…)` (stream version `Qt_4_0`) and `@DateTime(…)`
/// (`Qt_5_6`) hold them: big-endian, a type id before each value (and, from `Qt_4_2`, a null flag).
///
/// Written by hand: only Qt reads `QDataStream`, and prefs must read these values without Qt. Bounded: a count or a
/// length past the bytes left, or nesting deeper than ``depthLimit``, is a value prefs does not read (kept whole).
struct QDataStreamReader {
    /// The stream versions QSettings writes.
    enum Version: Sendable {
        case qt4, qt56
    }

    /// How deep lists and maps may nest.
    static let depthLimit = 32

    let bytes: [UInt8]
    let version: Version
    private(set) var index = 0

    init(bytes: [UInt8], version: Version) {
        self.bytes = bytes
        self.version = version
    }

    /// Reads one QVariant, or `nil` when it is of a type prefs does not read, or the bytes end early.
    mutating func variant(depth: Int = 0) -> QtVariant? {
        guard depth < Self.depthLimit, let type = uint32() else { return nil }
        // A Qt 4 stream numbers the types Qt 5 moved down by 97 from 128 (none prefs reads), and user types 127.
        if version == .qt4, type >= 127 { return nil }
        if version == .qt56 {
            guard int8() != nil else { return nil }
        }
        switch type {
        case 1: return int8().map { .bool($0 != 0) }
        case 2: return int32().map { .int(Int64($0)) }
        case 3: return uint32().map { .int(Int64($0)) }
        case 4: return int64().map { .int($0) }
        case 5: return uint64().map { .unsignedInt($0) }
        case 6: return uint64().map { .double(Double(bitPattern: $0)) }
        case 8:
            guard let count = count(minimumEach: 8) else { return nil }
            var pairs: [(String, QtVariant)] = []
            for _ in 0..<count {
                guard let key = string(), let value = variant(depth: depth + 1) else { return nil }
                pairs.append((key, value))
            }
            // Qt writes a map from its last key to its first.
            return .map(pairs.reversed())
        case 9:
            guard let count = count(minimumEach: 4) else { return nil }
            var items: [QtVariant] = []
            for _ in 0..<count {
                guard let item = variant(depth: depth + 1) else { return nil }
                items.append(item)
            }
            return .list(items)
        case 10: return string().map(QtVariant.string)
        case 11:
            guard let count = count(minimumEach: 4) else { return nil }
            var items: [String] = []
            for _ in 0..<count {
                guard let item = string() else { return nil }
                items.append(item)
            }
            return .stringList(items)
        case 12: return byteArray().map(QtVariant.byteArray)
        case 16: return version == .qt56 ? dateTime() : nil
        case 19:
            guard let x1 = int32(), let y1 = int32(), let x2 = int32(), let y2 = int32() else { return nil }
            return .rect(x: x1, y: y1, width: x2 &- x1 &+ 1, height: y2 &- y1 &+ 1)
        case 21:
            guard let width = int32(), let height = int32() else { return nil }
            return .size(width: width, height: height)
        case 25:
            guard let x = int32(), let y = int32() else { return nil }
            return .point(x: x, y: y)
        case 67:
            guard let spec = int8(), let alpha = uint16(), let red = uint16(), let green = uint16(),
                let blue = uint16(), let pad = uint16()
            else { return nil }
            return .color(spec: spec, alpha: alpha, red: red, green: green, blue: blue, pad: pad)
        default: return nil
        }
    }

    /// A `QDateTime` of stream version 5.6: its date (a Julian day), its time (milliseconds into the day) and its
    /// spec; a time zone by name is not read here.
    private mutating func dateTime() -> QtVariant? {
        guard let day = int64(), let milliseconds = uint32(), milliseconds < 86_400_000, let spec = int8() else {
            return nil
        }
        // A day so far off that its milliseconds overflow is kept whole: no date prefs holds reaches it.
        let (days, daysOverflow) = day.subtractingReportingOverflow(2_440_588)
        let (start, startOverflow) = days.multipliedReportingOverflow(by: 86_400_000)
        let (local, localOverflow) = start.addingReportingOverflow(Int64(milliseconds))
        guard !daysOverflow, !startOverflow, !localOverflow else { return nil }
        switch spec {
        case 0: return .dateTime(milliseconds: local, spec: .localTime)
        case 1: return .dateTime(milliseconds: local, spec: .utc)
        case 2:
            guard let offset = int32() else { return nil }
            let (utc, overflow) = local.subtractingReportingOverflow(Int64(offset) * 1000)
            return overflow ? nil : .dateTime(milliseconds: utc, spec: .offset(seconds: offset))
        default: return nil
        }
    }

    /// A `QString`: its length in bytes, then UTF-16 big-endian; `0xFFFFFFFF` for a null string, read as empty.
    mutating func string() -> String? {
        guard let length = uint32() else { return nil }
        if length == 0xFFFF_FFFF { return "" }
        guard length % 2 == 0, Int(length) <= bytes.count - index else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(Int(length) / 2)
        for _ in 0..<(Int(length) / 2) {
            guard let unit = uint16() else { return nil }
            units.append(unit)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// A `QByteArray`: its length, then its bytes; `0xFFFFFFFF` for a null array, read as empty.
    mutating func byteArray() -> [UInt8]? {
        guard let length = uint32() else { return nil }
        if length == 0xFFFF_FFFF { return [] }
        guard Int(length) <= bytes.count - index else { return nil }
        defer { index += Int(length) }
        return Array(bytes[index..<(index + Int(length))])
    }

    /// A count of items, each at least some bytes long: one the bytes left cannot hold is not read.
    private mutating func count(minimumEach: Int) -> Int? {
        guard let count = uint32(), Int(count) <= (bytes.count - index) / minimumEach else { return nil }
        return Int(count)
    }

    private mutating func take(_ width: Int) -> UInt64? {
        guard bytes.count - index >= width else { return nil }
        var value: UInt64 = 0
        for byte in bytes[index..<(index + width)] { value = value << 8 | UInt64(byte) }
        index += width
        return value
    }

    private mutating func int8() -> Int8? { take(1).map { Int8(truncatingIfNeeded: $0) } }
    private mutating func uint16() -> UInt16? { take(2).map { UInt16(truncatingIfNeeded: $0) } }
    private mutating func int32() -> Int32? { take(4).map { Int32(truncatingIfNeeded: $0) } }
    private mutating func uint32() -> UInt32? { take(4).map { UInt32(truncatingIfNeeded: $0) } }
    private mutating func int64() -> Int64? { take(8).map { Int64(bitPattern: $0) } }
    private mutating func uint64() -> UInt64? { take(8) }
}
