public import PrefsCore

/// A short list to choose one item from: a key's allowed values, or the type of a key being added.
public struct ChoicePicker: Hashable, Sendable {
    /// What choosing does.
    public enum Purpose: Hashable, Sendable {
        /// Writes one of `values` to a key.
        case value(suite: String, key: String, values: [PropertyListValue])
        /// Picks the type of a key being added, then asks for its value.
        case newKeyType(suite: String, key: String, kinds: [PrimitiveKind])
    }

    public let purpose: Purpose
    /// The picker's heading.
    public let title: String
    /// The items as shown, already escaped.
    public let labels: [String]
    /// The highlighted item.
    public private(set) var selected: Int
    /// Set when another process changed the key while the picker was open; the next choice overwrites it knowingly.
    public var changedUnderneath: PropertyListValue??
    /// Whether the user has been told about ``changedUnderneath`` and confirms by choosing again.
    public var warned = false
    /// What the key stored when the picker opened, which a choice overwrites only if it is still there.
    public var original: PropertyListValue?

    /// A picker with an item highlighted.
    ///
    /// - Parameters:
    ///   - purpose: What choosing does.
    ///   - title: The heading.
    ///   - labels: The items as shown.
    ///   - selected: The item highlighted first; out-of-range values highlight the first.
    public init(purpose: Purpose, title: String, labels: [String], selected: Int = 0) {
        self.purpose = purpose
        self.title = title
        self.labels = labels
        self.selected = labels.indices.contains(selected) ? selected : 0
    }

    /// The suite and key the picker is for.
    public var target: (suite: String, key: String) {
        switch purpose {
        case .value(let suite, let key, _), .newKeyType(let suite, let key, _): (suite, key)
        }
    }

    /// Moves the highlight, staying on the list.
    mutating func select(_ index: Int) {
        selected = max(0, min(index, labels.count - 1))
    }

    /// Highlights the next item, after the highlighted one and wrapping around, whose label starts with a character.
    mutating func jump(to character: Character) {
        let wanted = character.lowercased()
        for step in 1...max(1, labels.count) {
            let index = (selected + step) % max(1, labels.count)
            if labels[index].lowercased().hasPrefix(wanted) {
                selected = index
                return
            }
        }
    }
}
