import CPrefsSystem
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal and the locale a program that draws on it needs.
package enum Terminal {
    /// Whether a descriptor is a terminal.
    ///
    /// The corresponding C function is `isatty`.
    package static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
        isatty(descriptor.rawValue) == 1
    }

    /// The size of the terminal on a descriptor.
    ///
    /// The corresponding C function is `ioctl(TIOCGWINSZ)`, through the shim's `cprefs_window_size`.
    ///
    /// - Parameter descriptor: A terminal.
    /// - Returns: Its columns and rows.
    /// - Throws: `Errno` when the descriptor is not a terminal.
    package static func windowSize(_ descriptor: FileDescriptor) throws(Errno) -> (width: Int, height: Int) {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard cprefs_window_size(descriptor.rawValue, &rows, &columns) == 0 else { throw Errno(rawValue: errno) }
        return (Int(columns), Int(rows))
    }

    /// Uses the environment's locale for every category, or C.UTF-8 when the environment names none (the only
    /// UTF-8 locale some images have).
    ///
    /// The corresponding C functions are `setlocale` and `nl_langinfo(CODESET)`.
    ///
    /// - Returns: Whether the locale's character set is UTF-8.
    package static func useEnvironmentLocale() -> Bool {
        let chosen = setlocale(LC_ALL, "").map { String(cString: $0) }
        if chosen == nil || chosen == "C" || chosen == "POSIX" {
            if Environment.value("LANG") == nil && Environment.value("LC_ALL") == nil
                && Environment.value("LC_CTYPE") == nil
            {
                _ = setlocale(LC_ALL, "C.UTF-8")
            }
        }
        return String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
    }
}
