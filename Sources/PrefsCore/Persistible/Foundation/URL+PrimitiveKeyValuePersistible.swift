#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension URL: PrimitiveKeyValuePersistible {
    /// URLs are stored as their absolute string, which every property-list reader can show and edit.
    public static var primitiveKind: PrimitiveKind { .string }

    public func primitiveValue() -> PropertyListValue { .string(absoluteString) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .string(let text) = primitiveValue else {
            throw .wrongType(expected: .string, found: primitiveValue)
        }
        guard let url = URL(string: text) else { throw .undecodable(stored: primitiveValue, reason: "not a URL") }
        self = url
    }
}
