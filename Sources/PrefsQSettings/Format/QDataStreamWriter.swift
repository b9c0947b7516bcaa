/// QVariants written in `QDataStream`'s format as Qt writes them for QSettings (``QDataStreamReader``'s inverse), so
/// that a value prefs writes is byte for byte the one Qt would.
struct QDataStreamWriter {
    let version: QDataStreamReader.Version
    private(set) var bytes: [UInt8] = []

    init(version: QDataStreamReader.Version) {
        self.version = version
    }

    /// Writes one QVariant: its type id, the null flag from `Qt_4_2`, and its value.
    ///
    /// - Returns: Whether the value has a stream form here (a `.opaque` or `.invalid` value has none).
    @discardableResult
    mutating func variant(_ value: QtVariant) -> Bool {
        guard let type = Self.typeID(of: value), version == .qt56 || type != 16 else { return false }
        put(UInt64(type), width: 4)
        if version == .qt56 { put(0, width: 1) }
        switch value {
        case .bool(let flag): put(flag ? 1 : 0, width: 1)
        case .int(let number):
            put(UInt64(bitPattern: number), width: Int32(exactly: number) == nil ? 8 : 4)
        case .unsignedInt(let number): put(number, width: 8)
        case .double(let number): put(number.bitPattern, width: 8)
        case .map(let pairs):
            put(UInt64(pairs.count), width: 4)
            // As QMap writes itself: from its last key (in UTF-16 order) to its first.
            let sorted = pairs.sorted { Array($0.0.utf16).lexicographicallyPrecedes($1.0.utf16) }
            for (key, item) in sorted.reversed() {
                string(key)
                guard variant(item) else { return false }
            }
        case .list(let items):
            put(UInt64(items.count), width: 4)
            for item in items {
                guard variant(item) else { return false }
            }
        case .string(let text): string(text)
        case .stringList(let items):
            put(UInt64(items.count), width: 4)
            for item in items { string(item) }
        case .byteArray(let data):
            put(UInt64(data.count), width: 4)
            bytes += data
        case .dateTime(let milliseconds, let spec):
            var local = milliseconds
            if case .offset(let seconds) = spec { local &+= Int64(seconds) &* 1000 }
            let day = local.floorDivided(by: 86_400_000)
            put(UInt64(bitPattern: day &+ 2_440_588), width: 8)
            put(UInt64(truncatingIfNeeded: local &- day &* 86_400_000), width: 4)
            switch spec {
            case .localTime: put(0, width: 1)
            case .utc: put(1, width: 1)
            case .offset(let seconds):
                put(2, width: 1)
                put(UInt64(UInt32(bitPattern: seconds)), width: 4)
            }
        case .rect(let x, let y, let width, let height):
            for number in [x, y, x &+ width &- 1, y &+ height &- 1] {
                put(UInt64(UInt32(bitPattern: number)), width: 4)
            }
        case .size(let width, let height):
            for number in [width, height] { put(UInt64(UInt32(bitPattern: number)), width: 4) }
        case .point(let x, let y):
            for number in [x, y] { put(UInt64(UInt32(bitPattern: number)), width: 4) }
        case .color(let spec, let alpha, let red, let green, let blue, let pad):
            put(UInt64(UInt8(bitPattern: spec)), width: 1)
            for component in [alpha, red, green, blue, pad] { put(UInt64(component), width: 2) }
        case .invalid, .opaque: return false
        }
        return true
    }

    /// The type id Qt gives a value's type.
    private static func typeID(of value: QtVariant) -> UInt32? {
        switch value {
        case .bool: 1
        case .int(let number): Int32(exactly: number) == nil ? 4 : 2
        case .unsignedInt: 5
        case .double: 6
        case .map: 8
        case .list: 9
        case .string: 10
        case .stringList: 11
        case .byteArray: 12
        case .dateTime: 16
        case .rect: 19
        case .size: 21
        case .point: 25
        case .color: 67
        case .invalid, .opaque: nil
        }
    }

    private mutating func string(_ text: String) {
        let units = Array(text.utf16)
        put(UInt64(units.count * 2), width: 4)
        for unit in units { put(UInt64(unit), width: 2) }
    }

    private mutating func put(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}

extension Int64 {
    /// The quotient rounded down, as a day number needs it for moments before 1970.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
