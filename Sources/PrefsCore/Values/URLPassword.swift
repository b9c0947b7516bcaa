/// A store's address as messages show it: `postgres://user:••••@host/db`, never with its password.
///
/// An address that fails to parse is still shown in the error that says so, and that error reaches terminals, logs,
/// `--json` output and whoever reads them; so the password is found by the text's shape (the user information before
/// the last `@` of the authority), not by a parser that may have refused the address.
public enum URLPassword {
    /// What a password shows as.
    public static let mask = PreferenceSchemaEntry.secretMask

    /// The address with the password of its user information replaced by ``mask``.
    ///
    /// - Parameter address: An address as given, such as `postgres://user:secret@host:5432/db?table=t`.
    /// - Returns: The address with no password; one with none is returned as it is.
    public static func hidden(in address: String) -> String {
        let scalars = Array(address.unicodeScalars)
        // The authority starts after "://"; without it, at the start, so that anything before an "@" is hidden from
        // its first ":" on, even if that hides more than the password.
        var start = 0
        for index in scalars.indices.dropLast(2)
        where scalars[index] == ":" && scalars[index + 1] == "/" && scalars[index + 2] == "/" {
            start = index + 3
            break
        }
        let end = scalars[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.count
        guard let at = scalars[start..<end].lastIndex(of: "@"),
            let separator = scalars[start..<at].firstIndex(of: ":")
        else { return address }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<(separator + 1)])
        result.append(contentsOf: mask.unicodeScalars)
        result.append(contentsOf: scalars[at...])
        return String(result)
    }
}
