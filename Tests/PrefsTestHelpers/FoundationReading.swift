import Foundation
import PrefsKit

/// Foundation's own reading of a property list, the one every `UserDefaults` program makes: the reference the
/// lossless-write tests compare prefs' files with.
package enum FoundationReading {
    /// The values of a property list whose root is a dictionary, as Foundation reads them.
    ///
    /// - Parameter data: The document, XML or binary.
    /// - Returns: Its values.
    /// - Throws: Foundation's error, or `CocoaError(.propertyListReadCorrupt)` when the root is not a dictionary.
    package static func values(_ data: Data) throws -> [String: PropertyListValue] {
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        guard case .dictionary(let values)? = PropertyListValue(propertyListObject: object) else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return values
    }

    /// The values of a property list file, as Foundation reads them.
    package static func values(at file: URL) throws -> [String: PropertyListValue] {
        try values(Data(contentsOf: file))
    }
}
