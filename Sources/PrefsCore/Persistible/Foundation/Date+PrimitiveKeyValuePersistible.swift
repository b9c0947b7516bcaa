#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Date: PrimitiveKeyValuePersistible {
    /// Dates are stored as property-list `<date>`s, which `UserDefaults.object(forKey:)` returns as `Date`.
    public static var primitiveKind: PrimitiveKind { .date }

    public func primitiveValue() -> PropertyListValue { .date(self) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .date(let value) = primitiveValue else { throw .wrongType(expected: .date, found: primitiveValue) }
        self = value
    }
}
