/// The closed range a numeric preference must lie in.
public enum PreferenceValueRange: Sendable, Hashable {
    /// A range of integers.
    case integer(ClosedRange<Int>)
    /// A range of reals.
    case real(ClosedRange<Double>)

    /// Whether a stored primitive lies in the range.
    ///
    /// - Parameter value: The primitive to test.
    /// - Returns: `true` for a number within the bounds; values that are not numbers are in no range.
    public func contains(_ value: PropertyListValue) -> Bool {
        switch (self, value) {
        case (.integer(let range), .int(let number)): range.contains(number)
        case (.integer(let range), .double(let number)):
            Double(range.lowerBound) <= number && number <= Double(range.upperBound)
        case (.real(let range), .int(let number)): range.contains(Double(number))
        case (.real(let range), .unsignedInt(let number)): range.contains(Double(number))
        case (.real(let range), .double(let number)): range.contains(number)
        default: false
        }
    }

    /// The lower bound as a primitive.
    public var lowerBound: PropertyListValue {
        switch self {
        case .integer(let range): .int(range.lowerBound)
        case .real(let range): .double(range.lowerBound)
        }
    }

    /// The upper bound as a primitive.
    public var upperBound: PropertyListValue {
        switch self {
        case .integer(let range): .int(range.upperBound)
        case .real(let range): .double(range.upperBound)
        }
    }
}

extension PreferenceValueRange: CustomStringConvertible {
    /// The range as Swift writes it, such as `1...10`.
    public var description: String { "\(lowerBound.text)...\(upperBound.text)" }
}
