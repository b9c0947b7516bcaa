/// An entry's text as a value, and a value as its entry's text, as `QSettingsPrivate::stringToVariant`,
/// `stringListToVariantList` and `variantToString` turn them: `@ByteArray(…)`, `@String(…)`, `@Variant(…)`,
/// `@DateTime(…)`, `@Rect(…)`, `@Size(…)`, `@Point(…)`, `@Invalid()`, a leading `@` doubled, lists joined by `, `.
enum QSettingsValue {
    /// The value of an entry's text, as Qt reads it.
    ///
    /// - Parameters:
    ///   - bytes: The value's bytes in the file.
    ///   - encoding: How raw bytes past ASCII are read.
    /// - Returns: The value.
    static func read(_ bytes: ArraySlice<UInt8>, encoding: QSettingsText.Encoding) -> QtVariant {
        let (string, list) = QSettingsText.unescaped(bytes, encoding: encoding)
        guard let list else { return value(of: string) }
        // A list whose items are all text (a leading `@@` one `@`) is a string list; any other `@` item makes every
        // item a value of its own.
        if list.contains(where: { $0.hasPrefix("@") && !$0.hasPrefix("@@") }) { return .list(list.map(value(of:))) }
        return .stringList(list.map { $0.hasPrefix("@@") ? String($0.dropFirst()) : $0 })
    }

    /// `stringToVariant`: one item's text as its value.
    static func value(of text: String) -> QtVariant {
        guard text.hasPrefix("@") else { return .string(text) }
        if text.hasSuffix(")") {
            if text.hasPrefix("@ByteArray(") {
                return .byteArray(latin1(text.dropFirst(11).dropLast()))
            } else if text.hasPrefix("@String(") {
                return .string(String(text.dropFirst(8).dropLast()))
            } else if text.hasPrefix("@Variant(") || text.hasPrefix("@DateTime(") {
                let isDate = text.hasPrefix("@DateTime(")
                var reader = QDataStreamReader(
                    bytes: latin1(text.dropFirst(isDate ? 10 : 9)), version: isDate ? .qt56 : .qt4)
                return reader.variant() ?? .opaque(text)
            } else if text.hasPrefix("@Rect("), let numbers = arguments(text, from: 5, count: 4) {
                return .rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            } else if text.hasPrefix("@Size("), let numbers = arguments(text, from: 5, count: 2) {
                return .size(width: numbers[0], height: numbers[1])
            } else if text.hasPrefix("@Point("), let numbers = arguments(text, from: 6, count: 2) {
                return .point(x: numbers[0], y: numbers[1])
            } else if text == "@Invalid()" {
                return .invalid
            }
        }
        return .string(text.hasPrefix("@@") ? String(text.dropFirst()) : text)
    }

    /// The entry text Qt writes for a value, escaped and quoted; `nil` for a value Qt has no text for here.
    static func text(of value: QtVariant) -> String? {
        switch value {
        case .stringList(let items):
            return QSettingsText.escaped(list: items.map { itemText(of: .string($0)) ?? $0 })
        case .list(let items) where items.count != 1:
            var texts: [String] = []
            for item in items {
                guard let text = itemText(of: item) else { return nil }
                texts.append(text)
            }
            return QSettingsText.escaped(list: texts)
        default:
            return itemText(of: value).map(QSettingsText.escaped)
        }
    }

    /// `variantToString`: a value's text before it is escaped.
    static func itemText(of value: QtVariant) -> String? {
        switch value {
        case .string(let text):
            if text.utf16.contains(0) { return "@String(" + text + ")" }
            return text.hasPrefix("@") ? "@" + text : text
        case .int(let number): return String(number)
        case .unsignedInt(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .double(let number): return QtNumberText.text(of: number)
        case .byteArray(let bytes): return "@ByteArray(" + latin1(bytes) + ")"
        case .size(let width, let height): return "@Size(\(width) \(height))"
        case .point(let x, let y): return "@Point(\(x) \(y))"
        case .rect(let x, let y, let width, let height): return "@Rect(\(x) \(y) \(width) \(height))"
        case .invalid: return "@Invalid()"
        case .opaque(let text): return text
        case .dateTime:
            var writer = QDataStreamWriter(version: .qt56)
            guard writer.variant(value) else { return nil }
            return "@DateTime(" + latin1(writer.bytes) + ")"
        case .map, .color, .list, .stringList:
            var writer = QDataStreamWriter(version: .qt4)
            guard writer.variant(value) else { return nil }
            return "@Variant(" + latin1(writer.bytes) + ")"
        }
    }

    /// The numbers between the parentheses, as `splitArgs` and `toInt` read them.
    ///
    /// Split at each space; `nil` when there are not `count` of them. A number Qt cannot read is 0, as
    /// `QString::toInt` gives it.
    private static func arguments(_ text: String, from start: Int, count: Int) -> [Int32]? {
        let inside = text.dropFirst(start + 1).dropLast()
        let parts = inside.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        let isSpace = { (character: Character) in character == " " || ("\t"..."\r").contains(character) }
        return parts.map { part in
            Int32(String(part.drop(while: isSpace).reversed().drop(while: isSpace).reversed())) ?? 0
        }
    }

    /// Text whose characters are bytes (`QString::toLatin1`: a character past `FF` is `?`).
    static func latin1(_ text: Substring) -> [UInt8] {
        text.utf16.map { $0 <= 0xFF ? UInt8($0) : UInt8(ascii: "?") }
    }

    /// Bytes as the characters of their values (`QLatin1String`).
    static func latin1(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.map(UInt16.init), as: UTF16.self)
    }
}
