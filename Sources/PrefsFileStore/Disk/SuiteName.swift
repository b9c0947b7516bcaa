import Foundation
import PrefsKit

/// A suite's name, checked to be safe to use as a file name.
///
/// Names become `<name>.plist` in the configuration directory, and the store keeps hidden `.<name>.plist.lock` and
/// temporary files beside them, so a name must not reach outside the directory or collide with those.
public struct SuiteName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The most bytes a name may have, so that the lock file's name fits in the file system's 255.
    public static let maximumLength = 255 - ".".utf8.count - ".plist.lock".utf8.count

    public let rawValue: String

    /// Checks a name.
    ///
    /// - Parameter rawValue: The name.
    /// - Throws: ``FileStoreError/invalidSuiteName(_:reason:)`` when it is empty, contains `/`, `..`, NUL or a
    ///   control character, starts with a dot, is too long, or is not in Unicode normalization form C: Linux file
    ///   names are bytes, so `é` as one scalar and as `e` and a combining accent would be two suites that look alike.
    public init(validating rawValue: String) throws(FileStoreError) {
        let reason: String? =
            if rawValue.isEmpty {
                "it is empty"
                // Byte checks rather than `contains(_: String)`, which goes through NSString: the watcher checks the name
                // of every file that changes.
            } else if rawValue.utf8.contains(UInt8(ascii: "/")) {
                "it contains \"/\""
            } else if zip(rawValue.utf8, rawValue.utf8.dropFirst()).contains(where: { $0 == 0x2E && $1 == 0x2E }) {
                "it contains \"..\""
            } else if rawValue.unicodeScalars.contains(where: { $0 == "\0" || TextEscaping.isControl($0) }) {
                "it contains a control character"
            } else if rawValue.hasPrefix(".") {
                "it starts with \".\""
            } else if rawValue.utf8.count > Self.maximumLength {
                "it is longer than \(Self.maximumLength) bytes"
            } else if let composed = Self.composed(rawValue) {
                "it is not in Unicode normalization form C, so it would name another file than "
                    + "\(TextEscaping.quoted(composed)), which looks the same; use that"
            } else {
                nil
            }
        if let reason { throw .invalidSuiteName(rawValue, reason: reason) }
        self.rawValue = rawValue
    }

    /// The name's NFC form, when it differs from the name; ASCII names, most of them, are not looked at further.
    private static func composed(_ name: String) -> String? {
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let composed = name.precomposedStringWithCanonicalMapping
        return composed.utf8.elementsEqual(name.utf8) ? nil : composed
    }

    /// Checks a name, as ``init(validating:)`` does.
    ///
    /// - Parameter rawValue: The name.
    public init?(rawValue: String) {
        guard let name = try? SuiteName(validating: rawValue) else { return nil }
        self = name
    }

    public var description: String { rawValue }
}
