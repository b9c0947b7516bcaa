#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's environment variables, read and set one at a time.
///
/// `getenv` rather than Foundation's `ProcessInfo`, whose dictionary of every variable costs each start of a
/// command that reads one.
package enum Environment {
    /// A variable's value, or `nil` when it is not set.
    ///
    /// The corresponding C function is `getenv`.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets a variable, replacing any value it had.
    ///
    /// The corresponding C function is `setenv`; it fails only for a name holding `=` or when memory runs out, and
    /// the variable is then left as it was.
    package static func set(_ name: String, to value: String) {
        _ = setenv(name, value, 1)
    }

    /// Removes a variable.
    ///
    /// The corresponding C function is `unsetenv`.
    package static func remove(_ name: String) {
        _ = unsetenv(name)
    }
}
