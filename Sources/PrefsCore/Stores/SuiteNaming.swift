#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one rule for suite names, kept by every store: a suite exported from one store can be imported into any
/// other, and no name can look like another.
///
/// A name is not empty, holds no `/`, no `..`, no NUL, control or invisible character (``TextEscaping/isInvisible(_:)``),
/// does not start with a dot, is at most ``maximumLength`` bytes, and is in Unicode normalization form C. The file
/// store needs each of these for file names (a file `<name>.plist` beside a hidden `.<name>.plist.lock`; Linux file
/// names are bytes, so `é` as one scalar and as `e` with a combining accent would be two files); the others keep
/// them so that a name valid in one store is valid in all.
public enum SuiteNaming {
    /// The most bytes a name may have, so that the file store's lock file's name fits in 255.
    public static let maximumLength = 255 - ".".utf8.count - ".plist.lock".utf8.count

    /// Why a name cannot be a suite's, or `nil` when it can.
    ///
    /// - Parameter name: The name.
    /// - Returns: The reason, one clause: "it contains \"/\"".
    public static func problem(with name: String) -> String? {
        // Byte checks rather than `contains(_: String)`, which goes through NSString: the file store's watcher checks
        // the name of every file that changes.
        if name.isEmpty { return "it is empty" }
        if name.utf8.contains(UInt8(ascii: "/")) { return "it contains \"/\"" }
        // One pass over the bytes: a `zip` of two views instantiates its generic types at run time, which in a
        // command that starts, writes and exits cost a scan of every protocol conformance in the binary.
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return "it contains \"..\"" }
            previous = byte
        }
        if name.unicodeScalars.contains(where: { $0 == "\0" || TextEscaping.isControl($0) }) {
            return "it contains a control character"
        }
        if name.hasPrefix(".") { return "it starts with \".\"" }
        if name.utf8.count > maximumLength { return "it is longer than \(maximumLength) bytes" }
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        if name.unicodeScalars.contains(where: TextEscaping.isInvisible) {
            return "it contains an invisible character, so it would look like another name"
        }
        // The standard library's own NFC, which FoundationEssentials' strings compare by; Foundation's
        // `precomposedStringWithCanonicalMapping` needs ICU.
        let composed = String(decoding: Array(name._nfcCodeUnits), as: UTF8.self)
        if !composed.utf8.elementsEqual(name.utf8) {
            return "it is not in Unicode normalization form C, so it would name another suite than "
                + "\(TextEscaping.quoted(composed)), which looks the same; use that"
        }
        return nil
    }
}
