#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
    /// An integer above `Int.max`, up to `UInt64.max`, stored as `<integer>`.
    ///
    /// Property lists hold integers from `Int64.min` to `UInt64.max`, and Foundation writes unsigned values that way,
    /// so a suite may hold one. Only values above `Int.max` take this form: every parser in PrefsKit gives smaller
    /// ones as ``int(_:)``, which ``integer(exactly:)`` does too.
    case unsignedInt(UInt64)
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
        case .int, .unsignedInt: .int
        case .double: .double
        case .string: .string
        case .data: .data
        case .date: .date
        case .array(let elements): .array(Self.commonKind(of: elements))
        case .dictionary(let elements): .dictionary(Self.commonKind(of: elements.values))
        }
    }

    /// The kind every element has, or `nil` for none or for a mix, such as `[1, "two", true]`: a collection is typed
    /// by all its elements, so that one written by another program is never read back as a type it does not have.
    private static func commonKind(of elements: some Collection<PropertyListValue>) -> PrimitiveKind? {
        guard let first = elements.first?.kind else { return nil }
        for element in elements.dropFirst() where element.kind != first { return nil }
        return first
    }

    /// The integer as the one form PrefsKit gives it: ``int(_:)`` when it fits an `Int`, else ``unsignedInt(_:)``.
    ///
    /// - Parameter value: Any integer.
    /// - Returns: The value, or `nil` outside the range a property list can hold (`Int64.min` to `UInt64.max`).
    public static func integer<Integer: BinaryInteger>(exactly value: Integer) -> PropertyListValue? {
        if let small = Int(exactly: value) { return .int(small) }
        if let large = UInt64(exactly: value) { return .unsignedInt(large) }
        return nil
    }

    /// Parses an integer written in decimal, with an optional sign, keeping every value from `Int64.min` to
    /// `UInt64.max` exact.
    ///
    /// - Parameter text: The digits.
    /// - Returns: The value, or `nil` when the text is not an integer or lies outside that range.
    public static func integer(parsing text: some StringProtocol) -> PropertyListValue? {
        if let small = Int(text) { return .int(small) }
        return UInt64(text).map { .unsignedInt($0) }
    }
}
