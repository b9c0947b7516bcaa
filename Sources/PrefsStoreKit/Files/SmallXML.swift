/// A small XML reader for the files other settings systems keep (KConfigXT's `.kcfg`, Xfconf's channel files):
/// elements, attributes, text, comments, CDATA, the prolog and a doctype, with the five named entities and character
/// references.
///
/// Hand-written because `prefs` links no Foundation (whose `XMLParser` brings libxml2 and ICU), and these files need
/// nothing beyond this. It is bounded: at most ``maximumSize`` bytes and ``maximumDepth`` nested elements, in time
/// linear in the file; anything malformed throws.
public struct SmallXML: Sendable, Hashable {
    /// The largest file read; real `.kcfg` and channel files are a few KiB.
    public static let maximumSize = 4 << 20
    /// The deepest nesting read; a `.kcfg` nests four deep, a channel file as deep as its property paths.
    public static let maximumDepth = 64

    /// The element's name, without a namespace prefix.
    public let name: String
    public let attributes: [String: String]
    public let children: [SmallXML]
    /// The text directly inside, entities resolved.
    public let text: String

    /// The first child of a name.
    public func child(_ name: String) -> SmallXML? { children.first { $0.name == name } }

    /// Every child of a name.
    public func children(_ name: String) -> [SmallXML] { children.filter { $0.name == name } }

    /// Reads a document's root element.
    ///
    /// - Parameter bytes: The file.
    /// - Returns: The root.
    /// - Throws: ``SmallXMLError`` naming what is wrong and where.
    public static func parse(_ bytes: [UInt8]) throws(SmallXMLError) -> SmallXML {
        guard bytes.count <= maximumSize else { throw SmallXMLError(offset: 0, reason: "larger than 4 MiB") }
        var reader = Reader(bytes: bytes)
        try reader.skipMisc()
        let root = try reader.element(depth: 1)
        try reader.skipMisc()
        guard reader.index == bytes.count else { throw reader.error("content after the root element") }
        return root
    }

    /// The reader's position in the bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func error(_ reason: String) -> SmallXMLError { SmallXMLError(offset: index, reason: reason) }

        func starts(with text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return bytes.count - index >= utf8.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
        }

        mutating func skip(past text: String) throws(SmallXMLError) {
            let utf8 = Array(text.utf8)
            while index + utf8.count <= bytes.count {
                if bytes[index..<(index + utf8.count)].elementsEqual(utf8) {
                    index += utf8.count
                    return
                }
                index += 1
            }
            throw error("no closing \(text)")
        }

        /// Skips a doctype to its `>`, past quoted text and an internal subset (`[ <!ENTITY …> ]`), whose
        /// declarations are never read: an entity a document declares is not expanded, so data never grows or turns
        /// into markup.
        mutating func skipDoctype() throws(SmallXMLError) {
            var quote: UInt8?
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") {
                    depth = max(depth - 1, 0)
                } else if byte == UInt8(ascii: ">"), depth == 0 {
                    return
                }
            }
            throw error("no closing > of the doctype")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Skips white space, comments, processing instructions, a doctype and a byte-order mark.
        mutating func skipMisc() throws(SmallXMLError) {
            if starts(with: "\u{FEFF}") { index += 3 }
            while true {
                skipSpace()
                if starts(with: "<?") {
                    try skip(past: "?>")
                } else if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<!DOCTYPE") {
                    try skipDoctype()
                } else {
                    return
                }
            }
        }

        mutating func name() throws(SmallXMLError) -> String {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="): break
                default:
                    index += 1
                    continue
                }
                break
            }
            guard index > start else { throw error("a name was expected") }
            let full = String(decoding: bytes[start..<index], as: UTF8.self)
            return full.split(separator: ":").last.map(String.init) ?? full
        }

        mutating func element(depth: Int) throws(SmallXMLError) -> SmallXML {
            guard depth <= SmallXML.maximumDepth else { throw error("elements nest deeper than 64") }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw error("an element was expected") }
            index += 1
            let name = try self.name()
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("the tag <\(name)> does not end") }
                if starts(with: "/>") {
                    index += 2
                    return SmallXML(name: name, attributes: attributes, children: [], text: "")
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = try self.name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw error("= was expected") }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                    throw error("a quoted value was expected")
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw error("an attribute value does not end") }
                attributes[attribute] = try Self.resolved(bytes[start..<index], at: start)
                index += 1
            }
            var children: [SmallXML] = []
            var text: [UInt8] = []
            while true {
                guard index < bytes.count else { throw error("<\(name)> is not closed") }
                if starts(with: "</") {
                    index += 2
                    guard try self.name() == name else { throw error("</\(name)> was expected") }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw error("> was expected") }
                    index += 1
                    let decoded = String(decoding: text, as: UTF8.self)
                    return SmallXML(name: name, attributes: attributes, children: children, text: decoded)
                } else if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    text += bytes[start..<(index - 3)]
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else if bytes[index] == UInt8(ascii: "<") {
                    children.append(try element(depth: depth + 1))
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    text += Array(try Self.resolved(bytes[start..<index], at: start).utf8)
                }
            }
        }

        /// Text with its entities and character references resolved.
        static func resolved(_ text: ArraySlice<UInt8>, at offset: Int) throws(SmallXMLError) -> String {
            guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
            var result = ""
            var index = text.startIndex
            while index < text.endIndex {
                guard text[index] == UInt8(ascii: "&") else {
                    let start = index
                    while index < text.endIndex, text[index] != UInt8(ascii: "&") { index += 1 }
                    result += String(decoding: text[start..<index], as: UTF8.self)
                    continue
                }
                guard let end = text[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw SmallXMLError(offset: offset + index - text.startIndex, reason: "an entity does not end")
                }
                let name = String(decoding: text[(index + 1)..<end], as: UTF8.self)
                switch name {
                case "lt": result += "<"
                case "gt": result += ">"
                case "amp": result += "&"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number =
                        name.hasPrefix("#x")
                        ? UInt32(name.dropFirst(2), radix: 16)
                        : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else {
                        throw SmallXMLError(
                            offset: offset + index - text.startIndex, reason: "unknown entity &\(name);")
                    }
                    result.unicodeScalars.append(scalar)
                }
                index = end + 1
            }
            return result
        }
    }
}
