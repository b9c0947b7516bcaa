import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Says why a document that PrefsKit's readers did not read is refused.
///
/// The fast readers (``XMLPropertyListReader``, ``BinaryPropertyListReader``) read every property list that
/// `UserDefaults`, `plutil`, Python's `plistlib` and this store write; tests check them against Foundation's parser.
/// What they leave is a broken file or one in a rare form, such as UTF-16 XML. Neither is read: a value the store
/// guessed at, and then wrote back, could differ from the one the file holds. FoundationEssentials' property-list
/// decoder parses the document once more, only to name what is wrong with it.
enum PropertyListCodec {
    /// Why a document is refused: the parser's own reason for a broken one, such as where the XML breaks off.
    ///
    /// - Parameter data: A document the fast readers gave up on.
    /// - Returns: The failure to report.
    static func refusal(_ data: Data) -> DecodeFailure {
        guard claimsToBePropertyList(data) else { return DecodeFailure(reason: notAPropertyList) }
        if let encoding = XMLTranscoding.declaredEncoding(Array(data.prefix(200))),
            !["utf-8", "utf8"].contains(encoding.lowercased())
        {
            return DecodeFailure(
                reason: "a property list in \(TextEscaping.quoted(encoding, limit: 40)), an encoding prefs does not "
                    + "read (UTF-8, UTF-16 and ISO 8859-1 are read)")
        }
        // FoundationEssentials' XML parser stops the process on some bytes that are not UTF-8 (in an integer's text,
        // for one: fuzz-plist found it), so it never sees such a document; UTF-16 and binary ones it reads itself.
        if !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]), !data.starts(with: Data("bplist".utf8)),
            let offset = firstByteNotUTF8(data)
        {
            return DecodeFailure(
                reason:
                    "a malformed property list: byte 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)) "
                    + "at offset \(offset) is not UTF-8")
        }
        let root: Walk
        do {
            root = try PropertyListDecoder().decode(Walk.self, from: data)
        } catch {
            return DecodeFailure(reason: "a malformed property list" + (detail(of: error).map { ": \($0)" } ?? ""))
        }
        guard root.isDictionary else { return DecodeFailure(reason: "the root is not a dictionary") }
        return DecodeFailure(
            reason: "a property list in a form prefs does not read; UTF-8 XML and binary property lists are read")
    }

    /// Where the first byte that does not belong to a UTF-8 sequence is, if any.
    ///
    /// - Parameter data: The document.
    /// - Returns: The byte's offset from the document's start, or `nil` when the whole document is UTF-8.
    static func firstByteNotUTF8(_ data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The parser's description of what it found wrong, escaped for a terminal.
    private static func detail(of error: any Error) -> String? {
        guard case DecodingError.dataCorrupted(let context) = error else { return nil }
        let cause = (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"].map { "\($0)" }
        let place = context.codingPath.map(\.stringValue).joined(separator: "/")
        return TextEscaping.escaped(cause ?? (place.isEmpty ? "" : "at \(place): ") + context.debugDescription)
    }

    /// Whether a document begins as a property list does: `bplist`, or an XML declaration or `<plist` tag.
    static func claimsToBePropertyList(_ data: Data) -> Bool {
        let start = data.drop {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        return [Data("bplist".utf8), Data("<?xml".utf8), Data("<plist".utf8), Data("<!DOCTYPE plist".utf8)]
            .contains { start.starts(with: $0) }
    }

    /// What a file that is no property list at all is, as a ``DecodeFailure``'s reason.
    static let notAPropertyList = "not a property list"

    struct DecodeFailure: Error {
        let reason: String
    }

    /// Every value of a document visited, so that one the parser only reads when asked (`<integer>x</integer>`) is
    /// found too; records whether the root is a dictionary.
    private struct Walk: Decodable {
        let isDictionary: Bool

        init(from decoder: any Decoder) throws {
            if let members = try? decoder.container(keyedBy: AnyKey.self) {
                for key in members.allKeys { _ = try members.decode(Walk.self, forKey: key) }
                isDictionary = true
                return
            }
            isDictionary = false
            if var elements = try? decoder.unkeyedContainer() {
                while !elements.isAtEnd { _ = try elements.decode(Walk.self) }
                return
            }
            let value = try decoder.singleValueContainer()
            let readable =
                (try? value.decode(Bool.self)) != nil || (try? value.decode(Int64.self)) != nil
                || (try? value.decode(UInt64.self)) != nil || (try? value.decode(Double.self)) != nil
                || (try? value.decode(String.self)) != nil || (try? value.decode(Date.self)) != nil
                || (try? value.decode(Data.self)) != nil
            guard readable else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a valid value"))
            }
        }

        private struct AnyKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }
}
