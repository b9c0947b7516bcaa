/// The kind of value a preference holds, as a user sees and edits it.
///
/// This is coarser than the Swift type and finer than the stored ``PrimitiveKind``: an enumeration stores a string but
/// is edited by picking a choice, and a Codable value stores data but is edited as JSON.
public enum PreferenceValueKind: String, Sendable, Hashable, Codable, CaseIterable {
    case bool
    case int
    case double
    case string
    case date
    case data
    case array
    case dictionary
    case codable
    case `enum`

    /// Whether a value of this kind can be stored in this shape: a primitive kind only as itself, an enumeration as
    /// its raw value (a string or a number), and a Codable value in any shape its encoder produces.
    ///
    /// - Parameter storage: The stored shape.
    /// - Returns: `false` when a manifest pairing the two contradicts itself.
    public func isCompatible(withStorage storage: PrimitiveKind) -> Bool {
        switch (self, storage) {
        case (.codable, _): true
        case (.enum, .string), (.enum, .int), (.enum, .double): true
        case (.array, .array), (.dictionary, .dictionary): true
        case (.enum, _), (.array, _), (.dictionary, _): false
        default: PreferenceValueKind(storage: storage) == self
        }
    }

    /// The kind a user edits for a primitive of the given shape.
    ///
    /// - Parameter storage: The stored shape.
    public init(storage: PrimitiveKind) {
        switch storage {
        case .bool: self = .bool
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .date: self = .date
        case .data: self = .data
        case .array: self = .array
        case .dictionary: self = .dictionary
        }
    }
}
