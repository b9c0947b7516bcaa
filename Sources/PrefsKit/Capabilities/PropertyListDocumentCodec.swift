public import Foundation

/// Reads and writes a whole suite as a property list document, as `prefs export`, `import` and `diff --against` do.
///
/// The file store provides the codec its suite files use (every integer exact, control characters as references), so
/// that tools need not import it.
public protocol PropertyListDocumentCodec: Sendable {
    /// The most a document may hold, in bytes.
    var maximumSize: Int { get }

    /// The values as an XML property list that Foundation's `UserDefaults` reads.
    ///
    /// - Parameter values: The values, by key.
    /// - Returns: The document.
    func xml(_ values: [String: PropertyListValue]) -> Data

    /// Reads a property list dictionary, XML or binary.
    ///
    /// - Parameter data: The document.
    /// - Returns: The values, by key.
    /// - Throws: ``PropertyListDocumentError`` naming what is wrong.
    func decode(_ data: Data) throws(PropertyListDocumentError) -> [String: PropertyListValue]
}

/// Why a document is not a property list dictionary.
public struct PropertyListDocumentError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, such as "not a property list".
    public let reason: String
    /// Whether the document is not a property list at all, rather than one that cannot be used.
    public let isNotAPropertyList: Bool

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - isNotAPropertyList: Whether the document is not a property list at all.
    public init(reason: String, isNotAPropertyList: Bool) {
        self.reason = reason
        self.isNotAPropertyList = isNotAPropertyList
    }

    public var description: String { reason }
}
