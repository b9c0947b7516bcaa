extension PropertyListValue: CustomStringConvertible {
    /// The value as a short, unambiguous, escaped line: strings in quotes, everything else as its ``text``.
    ///
    /// This is what `print` and string interpolation show, so a status prints as
    /// `wrongType(expected: double, found: "huge")`.
    public var description: String {
        if case .string(let value) = self { return TextEscaping.quoted(value) }
        return TextEscaping.escaped(text)
    }
}
