public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The file store's codec, for tools that read and write whole documents through PrefsKit's protocol.
public struct FilePropertyListCodec: PropertyListDocumentCodec {
    /// Creates the codec.
    public init() {}

    public var maximumSize: Int { PropertyListDocument.maximumSize }

    public func encode(_ values: [String: PropertyListValue], binary: Bool) throws(PropertyListDocumentError) -> Data {
        try PropertyListDocument.encode(values, format: binary ? .binary : .xml)
    }

    public func decode(_ data: Data) throws(PropertyListDocumentError) -> [String: PropertyListValue] {
        try PropertyListDocument.decode(data)
    }
}
