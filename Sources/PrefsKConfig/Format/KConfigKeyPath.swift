/// A key of a KConfig file as `prefs` names it: its group's path and its own name, joined by `/` (`General/Theme`,
/// `Outer/Inner/Key`), a key of the default group alone (`Theme`); a `/` or `\` inside a name is written `\/`, `\\`.
struct KConfigKeyPath: Sendable, Hashable, Comparable {
    /// The group's path, outermost first; empty for the default group (`<default>` to KConfig).
    let group: [String]
    /// The key's own name.
    let key: String

    /// A key of a group.
    init(group: [String], key: String) {
        self.group = group
        self.key = key
    }

    /// Reads a name as `prefs` writes it; `nil` when a part is empty, a `\` escapes something other than `/` or `\`,
    /// or the name ends in `\`.
    ///
    /// - Parameter name: `Group/Key`, `Outer/Inner/Key` or `Key`.
    init?(name: String) {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in name {
            if escaping {
                guard character == "/" || character == "\\" else { return nil }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "/" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaping else { return nil }
        parts.append(current)
        guard !parts.contains(where: \.isEmpty), let key = parts.popLast() else { return nil }
        self.init(group: parts, key: key)
    }

    /// The name `prefs` shows and takes.
    var name: String {
        (group + [key]).map(Self.escapedPart).joined(separator: "/")
    }

    /// The group's name as KConfig's change notification carries it: the parts joined by `\u{1D}`, `<default>` for
    /// the default group.
    var notifiedGroup: String {
        group.isEmpty ? "<default>" : group.joined(separator: "\u{1D}")
    }

    static func < (lhs: KConfigKeyPath, rhs: KConfigKeyPath) -> Bool {
        lhs.group.lexicographicallyPrecedes(rhs.group) || (lhs.group == rhs.group && lhs.key < rhs.key)
    }

    private static func escapedPart(_ part: String) -> String {
        // Most names hold neither; looking at bytes rather than characters keeps naming 10,000 keys cheap.
        guard part.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return part }
        var result = ""
        for character in part {
            if character == "/" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
