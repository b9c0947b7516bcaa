/// What a representation tells the schema and the editor about a key's values.
public struct PersistentValueDescriptor: Sendable, Hashable {
    /// The kind a user edits: a Boolean, a number, an enumeration with choices, a Codable value as JSON, and so on.
    public var kind: PreferenceValueKind
    /// The primitive shape actually stored.
    public var storage: PrimitiveKind
    /// The stored forms of the allowed values, or empty when any value of the storage kind is allowed.
    ///
    /// A `CaseIterable` enumeration fills this in automatically.
    public var choices: [PropertyListValue]
    /// Whether the value may be absent, which is how an Optional's `nil` is stored.
    public var isOptional: Bool
    /// The Swift type's name, such as `Theme` or `Optional<Date>`.
    public var typeName: String

    /// Creates a descriptor.
    ///
    /// - Parameters:
    ///   - kind: The kind a user edits.
    ///   - storage: The primitive shape stored.
    ///   - choices: The stored forms of the allowed values, or empty for any.
    ///   - isOptional: Whether the value may be absent.
    ///   - typeName: The Swift type's name.
    public init(
        kind: PreferenceValueKind, storage: PrimitiveKind, choices: [PropertyListValue] = [], isOptional: Bool = false,
        typeName: String
    ) {
        self.kind = kind
        self.storage = storage
        self.choices = choices
        self.isOptional = isOptional
        self.typeName = typeName
    }
}
