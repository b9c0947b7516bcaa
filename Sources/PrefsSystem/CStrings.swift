#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Arrays of C strings, as `exec` and `posix_spawn` take them.
enum CStrings {
    /// Calls `body` with a NULL-terminated array of copies of the strings, freed afterwards.
    static func with<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result)
        -> Result
    {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // An array of at least one element always has storage.
            guard let start = buffer.baseAddress else { preconditionFailure("an empty buffer of one element") }
            return body(start)
        }
    }
}
