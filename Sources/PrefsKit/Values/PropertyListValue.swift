public import Foundation

/// A value in the primitive form that property lists, and so `UserDefaults`, store natively.
///
/// Every store holds values in this form, and every ``PersistentKeyValueRepresentation`` converts a Swift value to
/// and from it. Keeping stored values primitive is what lets a plain `UserDefaults` program, the `prefs` command line
/// and PrefsKit read one another's suites.
///
/// - Important: `Float` values are stored as ``double(_:)``, because a property list has a single real type and reads
///   every real back as a `Double`.
public enum PropertyListValue: Sendable, Hashable {
    /// A Boolean, stored as `<true/>` or `<false/>`.
    case bool(Bool)
    /// An integer, stored as `<integer>`.
    case int(Int)
    /// A real number, stored as `<real>`.
    case double(Double)
    /// A string, stored as `<string>`.
    case string(String)
    /// Raw bytes, stored as base64 `<data>`.
    case data(Data)
    /// A point in time, stored as an ISO 8601 `<date>`.
    case date(Date)
    /// An ordered list of values.
    indirect case array([PropertyListValue])
    /// A dictionary with string keys.
    indirect case dictionary([String: PropertyListValue])

    /// The shape of this value, as a ``PrimitiveKind``.
    ///
    /// The element kind of an empty array or dictionary cannot be known, so it is reported as `nil`; a non-empty one
    /// reports the kind of its first element.
    public var kind: PrimitiveKind {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .data: .data
        case .date: .date
        case .array(let elements): .array(elements.first?.kind)
        case .dictionary(let elements): .dictionary(elements.sorted { $0.key < $1.key }.first?.value.kind)
        }
    }
}
