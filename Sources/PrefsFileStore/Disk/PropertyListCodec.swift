import Foundation
import PrefsCore

/// Decodes, with Foundation, the XML property lists the fast reader does not cover (another encoding, an odd form):
/// binary ones never reach it (see ``SuiteImage/init(decoding:slimming:)``).
enum PropertyListCodec {
    /// Decodes with Foundation's parser, the authority on anything the fast reader does not cover.
    static func decodeWithFoundation(_ data: Data) throws(DecodeFailure) -> [String: PropertyListValue] {
        // Foundation on Linux crashes bridging a binary list's set; binary files are ours alone to read.
        guard !BinaryPropertyListLayout.isBinary(data) else {
            throw DecodeFailure(reason: "a binary property list Foundation must not read")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // A document that says it is a property list gets the parser's own reason, the real cause
            // (`<integer>x</integer>`); anything else is not one at all.
            guard claimsToBePropertyList(data) else { throw DecodeFailure(reason: notAPropertyList) }
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" }
            throw DecodeFailure(
                reason: "a malformed property list" + (detail.map { ": \(TextEscaping.escaped($0))" } ?? ""))
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

    /// Whether a document begins as a property list does: `bplist`, or an XML declaration or `<plist` tag.
    static func claimsToBePropertyList(_ data: Data) -> Bool {
        let start = data.drop {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        return [Data("bplist".utf8), Data("<?xml".utf8), Data("<plist".utf8), Data("<!DOCTYPE plist".utf8)]
            .contains { start.starts(with: $0) }
    }

    /// What a file Foundation cannot parse at all is, as a ``DecodeFailure``'s reason.
    static let notAPropertyList = "not a property list"

    struct DecodeFailure: Error {
        let reason: String
    }
}
