public import Foundation
public import PrefsKit

/// The file store's codec, for tools that read and write whole documents through PrefsKit's protocol.
public struct FilePropertyListCodec: PropertyListDocumentCodec {
    /// Creates the codec.
    public init() {}

    public var maximumSize: Int { PropertyListDocument.maximumSize }

    public func xml(_ values: [String: PropertyListValue]) -> Data {
        PropertyListDocument.xml(values)
    }

    public func decode(_ data: Data) throws(PropertyListDocumentError) -> [String: PropertyListValue] {
        try PropertyListDocument.decode(data)
    }
}
