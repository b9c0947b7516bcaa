#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's words for an error number, as every tool prints them.
package enum ErrorText {
    /// The description of an error number ("No such file or directory").
    ///
    /// The corresponding C function is `strerror`.
    package static func of(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The description of an error number given as a type of the caller's (Foundation's `POSIXErrorCode`).
    package static func of<Code: RawRepresentable>(_ code: Code) -> String where Code.RawValue == Int32 {
        of(code.rawValue)
    }
}
