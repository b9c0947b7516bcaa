public import PrefsCore

/// A path into an array or dictionary value, written as a JSON Pointer (RFC 6901).
///
/// `/frame/0` is element 0 of the `frame` member. It is given apart from the key (`--path`), so keys holding dots, slashes or colons stay
/// unambiguous; inside the path, `~1` stands for `/` and `~0` for `~`, and `-` names the element after the last.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    /// The path's steps, unescaped.
    public let steps: [String]
    public let description: String

    /// Reads a path.
    ///
    /// - Parameter text: The JSON Pointer, starting with `/`.
    /// - Throws: ``ToolError`` naming the text when it is not a JSON Pointer.
    public init(_ text: String) throws {
        guard text.hasPrefix("/") else {
            throw ToolError(
                "path \(TextEscaping.quoted(text)) does not start with /: write it as /member/0", code: .usage)
        }
        var steps: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var step = ""
            var escaped = false
            for character in raw {
                if escaped {
                    guard character == "0" || character == "1" else {
                        throw ToolError(
                            "path \(TextEscaping.quoted(text)) holds ~\(character): only ~0 and ~1 escape", code: .usage
                        )
                    }
                    step.append(character == "0" ? "~" : "/")
                    escaped = false
                } else if character == "~" {
                    escaped = true
                } else {
                    step.append(character)
                }
            }
            if escaped { throw ToolError("path \(TextEscaping.quoted(text)) ends with a lone ~", code: .usage) }
            steps.append(step)
        }
        self.steps = steps
        description = text
    }

    /// The value the path names inside a value.
    ///
    /// - Throws: ``ToolError`` naming the step that leads nowhere.
    public func value(in root: PropertyListValue) throws -> PropertyListValue {
        var current = root
        for (depth, step) in steps.enumerated() {
            switch current {
            case .dictionary(let members):
                guard let member = members[step] else { throw missing(depth) }
                current = member
            case .array(let elements):
                guard let index = Int(step), elements.indices.contains(index) else { throw missing(depth) }
                current = elements[index]
            default:
                throw missing(depth)
            }
        }
        return current
    }

    /// A value beside the place the path names, whose type a new value there takes: the first element of the array,
    /// or the first member of the dictionary, that holds the place; `nil` when there is none.
    public func sibling(in root: PropertyListValue) -> PropertyListValue? {
        guard !steps.isEmpty, let parent = try? ValuePath(steps: steps.dropLast()).value(in: root) else { return nil }
        switch parent {
        case .array(let elements): return elements.first
        case .dictionary(let members): return members.sorted { $0.key < $1.key }.first?.value
        default: return nil
        }
    }

    private init(steps: some Collection<String>) {
        self.steps = Array(steps)
        description = steps.map {
            "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1")
        }
        .joined()
    }

    /// A value with the place the path names set to `new`, or removed when `new` is `nil`.
    ///
    /// A dictionary gains a member it lacks; an array takes an index up to its count, or `-`, to append.
    ///
    /// - Throws: ``ToolError`` naming the step that leads nowhere.
    public func setting(_ new: PropertyListValue?, in root: PropertyListValue) throws -> PropertyListValue {
        try setting(new, in: root, from: 0)
    }

    private func setting(_ new: PropertyListValue?, in value: PropertyListValue, from depth: Int) throws
        -> PropertyListValue
    {
        guard depth < steps.count else {
            guard let new else { throw ToolError("the path is empty: delete the key itself", code: .usage) }
            return new
        }
        let step = steps[depth]
        let last = depth == steps.count - 1
        switch value {
        case .dictionary(var members):
            if last && new == nil {
                guard members.removeValue(forKey: step) != nil else { throw missing(depth) }
            } else if last {
                members[step] = new
            } else {
                guard let member = members[step] else { throw missing(depth) }
                members[step] = try setting(new, in: member, from: depth + 1)
            }
            return .dictionary(members)
        case .array(var elements):
            let index = step == "-" ? elements.count : Int(step)
            guard let index, index >= 0, index <= elements.count else { throw missing(depth) }
            if last, let new {
                if index == elements.count { elements.append(new) } else { elements[index] = new }
            } else {
                guard index < elements.count else { throw missing(depth) }
                if last {
                    elements.remove(at: index)
                } else {
                    elements[index] = try setting(new, in: elements[index], from: depth + 1)
                }
            }
            return .array(elements)
        default:
            throw missing(depth)
        }
    }

    private func missing(_ depth: Int) -> ToolError {
        let prefix = "/" + steps.prefix(depth + 1).joined(separator: "/")
        return ToolError(
            "nothing at \(TextEscaping.quoted(prefix)) in the value (path \(TextEscaping.quoted(description)))",
            code: .noKey)
    }
}
