import Foundation

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
    /// - Parameter description: A kind such as `array<int>`.
    public init?(_ description: String) {
        let text = description.trimmingCharacters(in: .whitespaces)
        switch text {
        case "bool": self = .bool
        case "int": self = .int
        case "double": self = .double
        case "string": self = .string
        case "data": self = .data
        case "date": self = .date
        default:
            for (prefix, make) in [("array<", Self.array), ("dictionary<", Self.dictionary)]
            where text.hasPrefix(prefix) && text.hasSuffix(">") {
                let inner = String(text.dropFirst(prefix.count).dropLast())
                if inner == "any" {
                    self = make(nil)
                    return
                }
                guard let element = PrimitiveKind(inner) else { return nil }
                self = make(element)
                return
            }
            return nil
        }
    }
}
