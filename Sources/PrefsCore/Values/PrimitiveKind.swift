#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The shape of a ``PropertyListValue``: what a key stores, independent of the Swift type it decodes to.
///
/// Collections name their element kind, so `[Int]` is `.array(.int)`. An element kind of `nil` means "any", which is
/// what an empty collection found in a store reports.
public indirect enum PrimitiveKind: Sendable, Hashable {
    case bool
    case int
    case double
    case string
    case data
    case date
    case array(PrimitiveKind?)
    case dictionary(PrimitiveKind?)

    /// Whether a stored value of kind `found` can be read as this kind without losing information.
    ///
    /// Integers widen to reals, and a collection whose element kind is unknown fits any collection of the same
    /// shape. Nothing else converts: a string is never read as a number.
    ///
    /// - Parameter found: The kind of the value found in a store.
    /// - Returns: `true` when a value of that kind is acceptable for this kind.
    public func accepts(_ found: PrimitiveKind) -> Bool {
        switch (self, found) {
        case (.double, .int):
            return true
        case (.array(let expected), .array(let actual)), (.dictionary(let expected), .dictionary(let actual)):
            guard let expected, let actual else { return true }
            return expected.accepts(actual)
        default:
            return self == found
        }
    }
}

// MARK: - Text form

extension PrimitiveKind: CustomStringConvertible, LosslessStringConvertible {
    /// The kind as the schema manifest spells it: `int`, `array<string>`, `dictionary<array<int>>`, `array<any>`.
    public var description: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .array(let element): "array<\(element.map(\.description) ?? "any")>"
        case .dictionary(let element): "dictionary<\(element.map(\.description) ?? "any")>"
        }
    }

    /// Parses the manifest spelling produced by ``description``.
    ///
    /// It reads the text once, left to right, so that its time is linear in the text's length however deeply the
    /// kinds nest, and refuses nesting deeper than a property list may be (512 levels).
    ///
    /// - Parameter description: A kind such as `array<int>`.
    public init?(_ description: String) {
        let bytes = Array(description.trimmingWhiteSpace().utf8)
        var parser = KindParser(bytes: bytes)
        guard let kind = parser.kind(depth: 0), parser.index == bytes.count else { return nil }
        self = kind
    }
}

/// Reads `array<dictionary<int>>` and the like from left to right.
private struct KindParser {
    static let maximumDepth = 512

    let bytes: [UInt8]
    var index = 0

    /// The kind starting at `index`, or `nil` when the text there is not one.
    mutating func kind(depth: Int) -> PrimitiveKind? {
        guard depth < Self.maximumDepth else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: ">") { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        switch name {
        case "bool": return .bool
        case "int": return .int
        case "double": return .double
        case "string": return .string
        case "data": return .data
        case "date": return .date
        case "array", "dictionary":
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            index += 1
            let element: PrimitiveKind?
            if bytes[index...].starts(with: "any>".utf8) {
                index += 3
                element = nil
            } else {
                guard let inner = kind(depth: depth + 1) else { return nil }
                element = inner
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
            index += 1
            return name == "array" ? .array(element) : .dictionary(element)
        default:
            return nil
        }
    }
}
