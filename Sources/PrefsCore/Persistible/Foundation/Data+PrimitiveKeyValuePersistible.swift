#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Data: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .data }

    public func primitiveValue() -> PropertyListValue { .data(self) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .data(let value) = primitiveValue else { throw .wrongType(expected: .data, found: primitiveValue) }
        self = value
    }
}
