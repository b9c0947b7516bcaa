package import CGio

/// A failure GLib reported through a `GError`, as one line.
package struct GLibError: Error, Sendable, CustomStringConvertible {
    /// The GLib call that failed.
    package let call: String
    /// GLib's message, on one line.
    package let message: String

    /// Takes a `GError` GLib filled in, freeing it.
    ///
    /// - Parameters:
    ///   - error: The error, or `nil` when the call failed without one.
    ///   - call: The GLib call that failed.
    package init(taking error: UnsafeMutablePointer<GError>?, call: String) {
        self.call = call
        if let error {
            message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            g_error_free(error)
        } else {
            message = "failed"
        }
    }

    package var description: String {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        // A D-Bus error's message says what went wrong after GDBus' own prefix, which names the error.
        guard let name = remoteName else { return Self.withoutAbsurdPosition(line) }
        return String(line.dropFirst(Self.remotePrefix.count + name.count + 1).drop { $0 == " " })
    }

    /// What GDBus puts before the message of an error another process sent over D-Bus.
    private static let remotePrefix = "GDBus.Error:"

    /// The name of the D-Bus error another process sent, such as `org.xfce.Xfconf.Error.PropertyNotFound`; `nil` for
    /// an error of this process's own.
    package var remoteName: String? {
        guard message.hasPrefix(Self.remotePrefix) else { return nil }
        let rest = message.dropFirst(Self.remotePrefix.count)
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        return String(rest[..<colon])
    }

    /// A parser's message without a position no text has: `g_variant_parse` begins its messages with the characters
    /// at fault (`0-4:unterminated string constant`), and has been seen to print a negative one as an unsigned
    /// 64-bit number (`18446744072832839632:`), which says nothing to a person.
    package static func withoutAbsurdPosition(_ message: String) -> String {
        let prefix = message.prefix { $0.isASCII && ($0.isNumber || $0 == "-") }
        guard !prefix.isEmpty, message.dropFirst(prefix.count).first == ":" else { return message }
        let positions = prefix.split(separator: "-").map { UInt64($0) }
        guard positions.contains(where: { $0.map { $0 > 1 << 32 } ?? true }) else { return message }
        return String(message.dropFirst(prefix.count + 1))
    }
}
