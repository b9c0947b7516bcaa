import Foundation
import PrefsKit

/// Converts a suite's contents to and from the XML property list that Foundation's `UserDefaults` writes.
enum PropertyListCodec {
    /// Decodes a suite file.
    ///
    /// - Throws: A one-line reason when the data is not a property list whose root is a dictionary of property-list
    ///   values.
    static func decode(_ data: Data) throws(DecodeFailure) -> [String: PropertyListValue] {
        if let values = XMLPropertyListReader.decode(data) { return values }
        return try decodeWithFoundation(data)
    }

    /// Decodes with Foundation's parser, the authority on anything the fast reader does not cover.
    static func decodeWithFoundation(_ data: Data) throws(DecodeFailure) -> [String: PropertyListValue] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw DecodeFailure(reason: "not a property list")
        }
        guard let dictionary = object as? [String: Any] else {
            throw DecodeFailure(reason: "the root is not a dictionary")
        }
        var values: [String: PropertyListValue] = [:]
        values.reserveCapacity(dictionary.count)
        for (key, object) in dictionary {
            guard let value = PropertyListValue(propertyListObject: object) else {
                throw DecodeFailure(reason: "key \(TextEscaping.quoted(key, limit: 60)) holds an unsupported value")
            }
            values[key] = value
        }
        return values
    }

    struct DecodeFailure: Error {
        let reason: String
    }
}
