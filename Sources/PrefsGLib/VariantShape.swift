package import PrefsCore

/// The GVariant types that map onto property-list values with nothing lost either way, parsed from a type string.
///
/// Every other type (tuples, maybes, handles, dictionaries keyed by anything but strings) has no such mapping: its
/// values are shown and edited as GVariant text, which GLib's own parser checks (``VariantConversion``).
package indirect enum VariantShape: Hashable, Sendable {
    /// An integer type: `y n q i u x t`.
    package enum Integer: Character, Sendable {
        case byte = "y"
        case int16 = "n"
        case uint16 = "q"
        case int32 = "i"
        case uint32 = "u"
        case int64 = "x"
        case uint64 = "t"

        /// The values the type holds.
        var bounds: ClosedRange<Int128> {
            switch self {
            case .byte: 0...Int128(UInt8.max)
            case .int16: Int128(Int16.min)...Int128(Int16.max)
            case .uint16: 0...Int128(UInt16.max)
            case .int32: Int128(Int32.min)...Int128(Int32.max)
            case .uint32: 0...Int128(UInt32.max)
            case .int64: Int128(Int64.min)...Int128(Int64.max)
            case .uint64: 0...Int128(UInt64.max)
            }
        }
    }

    /// A string type: `s`, an object path `o`, or a signature `g`.
    package enum Text: Character, Sendable {
        case string = "s"
        case objectPath = "o"
        case signature = "g"
    }

    case bool
    case integer(Integer)
    case double
    case text(Text)
    /// `ay`, a byte string: data.
    case bytes
    /// `aT` for any other faithful `T`.
    case array(VariantShape)
    /// `a{sT}`: a dictionary keyed by strings.
    case dictionary(VariantShape)
    /// `v`: whatever the value inside maps to.
    case variant

    /// The shape of a type, or `nil` when the type has no faithful mapping.
    ///
    /// A `v` maps faithfully inside an array or a dictionary, where its value's own type says what it holds; a key of
    /// type `v` is shown in GVariant text (`<5>`), which keeps the type a bare value would lose.
    ///
    /// - Parameter type: A GVariant type string.
    package init?(type: String) {
        var rest = Substring(type)
        guard let shape = Self.parse(&rest), rest.isEmpty, shape != .variant else { return nil }
        self = shape
    }

    /// The shape of a value inside a `v`, which may be anything but another `v`.
    ///
    /// - Parameter type: The value's GVariant type string.
    package init?(boxedType type: String) {
        self.init(type: type)
    }

    /// The primitive kind a property-list value of this shape has; `nil` for a `v`, which may hold any.
    package var primitiveKind: PrimitiveKind? {
        switch self {
        case .bool: .bool
        case .integer: .int
        case .double: .double
        case .text: .string
        case .bytes: .data
        case .array(let element): .array(element.primitiveKind)
        case .dictionary(let value): .dictionary(value.primitiveKind)
        case .variant: nil
        }
    }

    /// The type string.
    package var typeString: String {
        switch self {
        case .bool: "b"
        case .integer(let integer): String(integer.rawValue)
        case .double: "d"
        case .text(let text): String(text.rawValue)
        case .bytes: "ay"
        case .array(let element): "a" + element.typeString
        case .dictionary(let value): "a{s" + value.typeString + "}"
        case .variant: "v"
        }
    }

    private static func parse(_ rest: inout Substring) -> VariantShape? {
        guard let first = rest.popFirst() else { return nil }
        switch first {
        case "b": return .bool
        case "d": return .double
        case "v": return .variant
        case "a":
            if rest.first == "y" {
                rest.removeFirst()
                return .bytes
            }
            if rest.first == "{" {
                rest.removeFirst()
                guard rest.popFirst() == "s", let value = parse(&rest), rest.popFirst() == "}" else { return nil }
                return .dictionary(value)
            }
            return parse(&rest).map(VariantShape.array)
        default:
            if let integer = Integer(rawValue: first) { return .integer(integer) }
            if let text = Text(rawValue: first) { return .text(text) }
            return nil
        }
    }
}
