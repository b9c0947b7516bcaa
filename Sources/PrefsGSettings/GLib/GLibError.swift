import CGio

/// A failure GLib reported through a `GError`, as one line.
struct GLibError: Error, Sendable, CustomStringConvertible {
    /// The GLib call that failed.
    let call: String
    /// GLib's message, on one line.
    let message: String

    /// Takes a `GError` GLib filled in, freeing it.
    ///
    /// - Parameters:
    ///   - error: The error, or `nil` when the call failed without one.
    ///   - call: The GLib call that failed.
    init(taking error: UnsafeMutablePointer<GError>?, call: String) {
        self.call = call
        if let error {
            message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            g_error_free(error)
        } else {
            message = "failed"
        }
    }

    var description: String {
        message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
