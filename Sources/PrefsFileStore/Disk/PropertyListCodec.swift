import Foundation
import PrefsKit

/// Decodes, with Foundation, the property lists the fast reader does not cover (see ``SuiteImage/init(decoding:)``).
enum PropertyListCodec {
    /// Decodes with Foundation's parser, the authority on anything the fast reader does not cover.
    static func decodeWithFoundation(_ data: Data) throws(DecodeFailure) -> [String: PropertyListValue] {
        if let refusal = data.withUnsafeBytes(BinaryPropertyListScreen.refusal) { throw DecodeFailure(reason: refusal) }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw DecodeFailure(reason: notAPropertyList)
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

    /// What a file Foundation cannot parse at all is, as a ``DecodeFailure``'s reason.
    static let notAPropertyList = "not a property list"

    struct DecodeFailure: Error {
        let reason: String
    }
}
