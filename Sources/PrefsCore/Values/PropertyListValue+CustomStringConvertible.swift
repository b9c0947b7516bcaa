extension PropertyListValue: CustomStringConvertible {
    /// The value as a short, unambiguous, escaped line: strings in quotes, everything else as its ``text``.
    ///
    /// This is what `print` and string interpolation show, so a status prints as
    /// `wrongType(expected: double, found: "huge")`.
    public var description: String {
        switch self {
        case .string(let value): TextEscaping.quoted(value)
        case .array, .dictionary: TextEscaping.escaped(text, escapingBackslashes: false)
        default: TextEscaping.escaped(text)
        }
    }
}
