#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shell patterns (`com.example.*`), matched as the shell matches file names.
package enum ShellPattern {
    /// Whether a text matches a pattern of `*`, `?` and `[…]`; a `/` is matched by them as by any other character.
    ///
    /// The corresponding C function is `fnmatch`, without flags.
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}
