/// The rules flatpak gives an app id (`flatpak_is_valid_name`): reverse-DNS, at most 255 characters, at least three
/// elements of ASCII letters, digits, `_` and `-`, the first not starting with a digit.
///
/// Checked before an id names a folder or a suite, so that a folder named anything else is never taken for an app.
package enum FlatpakAppID {
    /// The longest id flatpak takes.
    package static let maximumLength = 255

    /// Whether a name is an app id flatpak takes.
    package static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength else { return false }
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 3, let first = elements.first?.first, !first.isNumber else { return false }
        return elements.allSatisfy { element in
            !element.isEmpty
                && element.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII
                        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                            || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                }
        }
    }
}
