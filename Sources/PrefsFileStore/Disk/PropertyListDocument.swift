public import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Whole property-list documents outside a suite: what `prefs export` writes, and what `prefs import`,
/// `prefs diff --against` and `prefs recover --from-file` read.
///
/// They go through the suite file's own writer and bounded reader, so an exported file is what a suite would hold —
/// no raw control character, every integer exact — and a file read for import is held to the same limits as a suite.
public enum PropertyListDocument {
    /// The most a document, like a suite file, may hold: 64 MiB.
    public static let maximumSize = SuiteFiles.maximumFileSize

    /// The XML property list a suite with these values would be, keys sorted.
    ///
    /// - Parameter values: The values.
    /// - Returns: UTF-8 XML, with control characters written as character references: check the values first
    ///   (``encode(_:format:)``), since a conforming reader rejects most of them.
    public static func xml(_ values: [String: PropertyListValue]) -> Data {
        XMLPropertyListWriter.encode(values)
    }

    /// The document a suite of a format with these values would be, keys sorted.
    ///
    /// - Parameters:
    ///   - values: The values.
    ///   - format: XML or binary.
    /// - Returns: The document.
    /// - Throws: ``/PrefsCore/PropertyListDocumentError`` naming the first key, in order, whose name or value XML cannot hold.
    public static func encode(_ values: [String: PropertyListValue], format: SuiteFileFormat)
        throws(PropertyListDocumentError) -> Data
    {
        guard format == .xml else { return Data(BinaryPropertyListWriter.encode(values)) }
        do throws(SuiteImage.Loss) {
            try SuiteImage.checkXML(values.mapValues { $0 })
        } catch {
            throw PropertyListDocumentError(
                reason: "key \(TextEscaping.quoted(error.key, limit: 80)) holds \(error.reason) (\(XMLLimits.wayOut))",
                isNotAPropertyList: false)
        }
        return xml(values)
    }

    /// Reads an XML or binary property list whose root is a dictionary.
    ///
    /// - Parameter data: The document.
    /// - Returns: Its values.
    /// - Throws: ``/PrefsCore/PropertyListDocumentError`` naming what is wrong.
    public static func decode(_ data: Data) throws(PropertyListDocumentError) -> [String: PropertyListValue] {
        guard data.count <= maximumSize else {
            throw PropertyListDocumentError(
                reason: "it is larger than \(maximumSize / 1024 / 1024) MiB", isNotAPropertyList: false)
        }
        let image: SuiteImage
        do throws(PropertyListCodec.DecodeFailure) {
            image = try SuiteImage(decoding: Array(data))
        } catch {
            throw PropertyListDocumentError(
                reason: error.reason, isNotAPropertyList: error.reason == PropertyListCodec.notAPropertyList)
        }
        // A suite file may hold a key twice, as Foundation reads it; a document to import may not, since the value
        // left out would be lost unasked.
        if let keys = image.index?.keys ?? image.binary?.keys {
            var seen = Set<ExactKey>()
            for key in keys where !seen.insert(ExactKey(key)).inserted {
                throw PropertyListDocumentError(
                    reason: "it holds the key \(TextEscaping.quoted(key, limit: 80)) twice", isNotAPropertyList: false)
            }
        }
        if image.exactValues != nil {
            throw PropertyListDocumentError(
                reason: "it holds keys that differ only in Unicode normalisation, which a suite read through "
                    + "Foundation cannot keep apart", isNotAPropertyList: false)
        }
        return image.values
    }
}
