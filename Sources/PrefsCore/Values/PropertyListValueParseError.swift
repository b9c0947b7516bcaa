/// Why a piece of text or JSON could not be read as a ``PropertyListValue`` of the expected kind.
///
/// Its ``description`` is one line that names the offending input and what was expected, ready to show a user.
public struct PropertyListValueParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind that was expected.
    public let expected: PrimitiveKind
    /// The input, or the part of it, that did not fit.
    public let input: String
    /// A short reason, such as "is not an integer".
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - expected: The kind that was expected.
    ///   - input: The input that did not fit.
    ///   - reason: A short reason, completing a sentence whose subject is the quoted input.
    public init(expected: PrimitiveKind, input: String, reason: String) {
        self.expected = expected
        self.input = input
        self.reason = reason
    }

    public var description: String {
        "\(TextEscaping.quoted(input, limit: 60)) \(reason)"
    }
}
