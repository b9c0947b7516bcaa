/// A one-line text editor: characters (wide ones included) are inserted at the cursor, which moves by character.
public struct LineEditor: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor's position, between characters: 0 is before the first.
    public private(set) var cursor: Int

    /// An editor holding some text, with the cursor at its end.
    public init(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key; returns whether the key was an editing key.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .key(.left): cursor = max(0, cursor - 1)
        case .key(.right): cursor = min(characters.count, cursor + 1)
        case .key(.home), .control("a"): cursor = 0
        case .key(.end), .control("e"): cursor = characters.count
        case .key(.backspace):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .key(.delete):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default:
            return false
        }
        return true
    }
}
