/// A GVariant type as its serialized form needs it: what it holds, how it aligns, and its size when every value of it
/// has the same one.
///
/// Parsed from a type string (`a{sv}`, `(ii)`, `mas`) without GLib, so that values in the files GLib writes (dconf's
/// databases, `gschemas.compiled`) can be read without loading GIO. Nesting is bounded as GLib bounds it.
package indirect enum SerializedType: Hashable, Sendable {
    /// `b y n q i u x t h d`: a value of fixed size.
    case fixed(Character)
    /// `s o g`: text ending in a nul byte.
    case text(Character)
    /// `v`: a value of any type, which names its type after itself.
    case variant
    /// `mT`
    case maybe(SerializedType)
    /// `aT`
    case array(SerializedType)
    /// `(T…)`
    case tuple([SerializedType])
    /// `{KV}`, inside an array.
    case entry(SerializedType, SerializedType)

    /// How deep types may nest, as GLib's `G_VARIANT_MAX_RECURSION_DEPTH`.
    static let maximumDepth = 128

    /// Parses one complete type string.
    ///
    /// Fails when the string is not exactly one valid, definite type.
    ///
    /// - Parameter string: A type string such as `a{sv}`.
    package init?(_ string: some StringProtocol) {
        var rest = Substring(string).utf8[...]
        guard let type = Self.parse(&rest, depth: 0), rest.isEmpty else { return nil }
        self = type
    }

    private static func parse(_ rest: inout Substring.UTF8View.SubSequence, depth: Int) -> SerializedType? {
        guard depth < maximumDepth, let first = rest.popFirst() else { return nil }
        switch UnicodeScalar(first) {
        case "b", "y", "n", "q", "i", "u", "x", "t", "h", "d": return .fixed(Character(UnicodeScalar(first)))
        case "s", "o", "g": return .text(Character(UnicodeScalar(first)))
        case "v": return .variant
        case "m": return parse(&rest, depth: depth + 1).map(SerializedType.maybe)
        case "a": return parse(&rest, depth: depth + 1).map(SerializedType.array)
        case "(":
            var members: [SerializedType] = []
            while rest.first != UInt8(ascii: ")") {
                guard let member = parse(&rest, depth: depth + 1) else { return nil }
                members.append(member)
            }
            rest.removeFirst()
            return .tuple(members)
        case "{":
            // A dictionary entry's key is a basic type.
            guard let key = parse(&rest, depth: depth + 1), key.isBasic,
                let value = parse(&rest, depth: depth + 1), rest.popFirst() == UInt8(ascii: "}")
            else { return nil }
            return .entry(key, value)
        default: return nil
        }
    }

    /// Whether the type is a basic one, which a dictionary entry's key must be.
    var isBasic: Bool {
        switch self {
        case .fixed, .text: true
        default: false
        }
    }

    /// The type string.
    package var string: String {
        switch self {
        case .fixed(let code), .text(let code): String(code)
        case .variant: "v"
        case .maybe(let element): "m" + element.string
        case .array(let element): "a" + element.string
        case .tuple(let members): "(" + members.map(\.string).joined() + ")"
        case .entry(let key, let value): "{" + key.string + value.string + "}"
        }
    }

    /// The alignment of its values, in bytes.
    var alignment: Int {
        switch self {
        case .fixed(let code):
            switch code {
            case "n", "q": 2
            case "i", "u", "h": 4
            case "x", "t", "d": 8
            default: 1
            }
        case .text: 1
        case .variant: 8
        case .maybe(let element), .array(let element): element.alignment
        case .tuple(let members): members.map(\.alignment).max() ?? 1
        case .entry(let key, let value): max(key.alignment, value.alignment)
        }
    }

    /// The size of every value of the type, or `nil` when values differ in size.
    var fixedSize: Int? {
        switch self {
        case .fixed: alignment
        case .text, .variant, .maybe, .array: nil
        case .tuple(let members): Self.fixedSize(of: members, alignment: alignment)
        case .entry(let key, let value): Self.fixedSize(of: [key, value], alignment: alignment)
        }
    }

    /// A tuple's size when all its members are of fixed size: each aligned, then the whole padded to the tuple's
    /// alignment; the unit tuple `()` takes one byte.
    private static func fixedSize(of members: [SerializedType], alignment: Int) -> Int? {
        var offset = 0
        for member in members {
            guard let size = member.fixedSize else { return nil }
            offset = aligned(offset, to: member.alignment) + size
        }
        return offset == 0 ? 1 : aligned(offset, to: alignment)
    }

    /// An offset rounded up to a multiple of an alignment.
    static func aligned(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}
