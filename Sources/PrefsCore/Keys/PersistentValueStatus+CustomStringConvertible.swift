extension PersistentValueStatus: CustomStringConvertible {
    /// The status as a sentence for a person, such as `stored value "993x" is a string, not an integer`.
    public var description: String {
        switch self {
        case .absent:
            "not stored; reads as its default"
        case .ok:
            "stored"
        case .launchArgument(let argument):
            "overridden for this run by the launch argument \(TextEscaping.quoted(argument, limit: 60))"
        case .wrongType(let expected, let found):
            Self.wrongType(expected: expected, found: found)
        case .undecodable(let stored, let reason):
            "stored value \(TextEscaping.quoted(stored.text, limit: 40)) cannot be read: \(TextEscaping.escaped(reason))"
        case .fixedInRelease:
            "a debug key; release builds read its release default"
        }
    }

    /// The sentence for a stored value of another kind than the key's.
    static func wrongType(expected: PrimitiveKind, found: PropertyListValue) -> String {
        "stored value \(TextEscaping.quoted(found.text, limit: 40)) is \(found.kind.article), not \(expected.article)"
    }
}
