#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Reads and writes a whole suite as a property list document, as `prefs export`, `import` and `diff --against` do.
///
/// The file store provides the codec its suite files use (every integer exact, nothing written that a conforming
/// reader rejects), so that tools need not import it.
public protocol PropertyListDocumentCodec: Sendable {
    /// The most a document may hold, in bytes.
    var maximumSize: Int { get }

    /// The values as a property list document: XML, which Foundation's `UserDefaults` on Linux writes and reads, or
    /// binary (`bplist00`), which holds every value exactly.
    ///
    /// - Parameters:
    ///   - values: The values, by key.
    ///   - binary: Whether to write a binary property list.
    /// - Returns: The document.
    /// - Throws: ``PropertyListDocumentError`` naming the first key whose value XML cannot hold exactly (a control
    ///   character, a fraction of a second); a binary document holds every value.
    func encode(_ values: [String: PropertyListValue], binary: Bool) throws(PropertyListDocumentError) -> Data

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
