import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// The reason a file operation failed, in the C library's words: "No such file or directory".
///
/// FoundationEssentials' errors carry no localized text: a `CocoaError` describes itself as a dump of its user info.
/// Its underlying `POSIXError` holds the cause a person needs.
package enum SystemErrorText {
    /// The reason for an error, as one line.
    ///
    /// - Parameter error: What a file operation threw.
    /// - Returns: `strerror`'s text for a system error, directly or beneath a `CocoaError`; otherwise the error's own
    ///   description.
    package static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError { return ErrorText.of(error.code) }
        if let error = error as? CocoaError {
            if let underlying = error.underlying { return reason(underlying) }
            return "file error \(error.code.rawValue)"
        }
        return "\(error)"
    }
}
