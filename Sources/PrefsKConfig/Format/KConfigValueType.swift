import PrefsCore

/// How a key's text maps onto a value, as KConfig reads and writes each type (`KConfigGroup::readEntry`,
/// `writeEntry`): a `.kcfg` schema names the type; without one, every value is text.
enum KConfigValueType: Sendable, Hashable {
    /// Text as it is.
    case string
    /// `true`/`false` written; `false`, `no`, `off` and `0`, in any case, read as false and anything else as true.
    case bool
    /// A whole number.
    case int
    /// A floating-point number.
    case double
    /// Texts joined by `,`, with `\,` and `\\` inside an item, `\0` for one empty item.
    case stringList
    /// Whole numbers joined by `,`.
    case intList

    /// What a schema entry of this type stores.
    var storage: PrimitiveKind {
        switch self {
        case .string: .string
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .stringList: .array(.string)
        case .intList: .array(.int)
        }
    }

    /// Whether a value read is of this type, rather than text kept as it was because it is not.
    func holds(_ value: PropertyListValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.bool, .bool), (.int, .int), (.double, .double): true
        case (.stringList, .array), (.intList, .array): true
        default: false
        }
    }

    /// The value a key's text holds, or the text itself when it is not of this type, so that a damaged value is
    /// shown, flagged by the schema, rather than hidden behind its default.
    ///
    /// - Parameter text: The value as KConfig reads it (expanded for `[$e]`).
    /// - Returns: The value.
    func value(of text: String) -> PropertyListValue {
        switch self {
        case .string:
            return .string(text)
        case .bool:
            return .bool(!["false", "no", "off", "0"].contains(text.lowercased()))
        case .int:
            return Int(text.trimmingASCIIWhitespace).map(PropertyListValue.int) ?? .string(text)
        case .double:
            return Double(text.trimmingASCIIWhitespace).map(PropertyListValue.double) ?? .string(text)
        case .stringList:
            return .array(Self.items(of: text).map(PropertyListValue.string))
        case .intList:
            let numbers =
                text.isEmpty
                ? []
                : text.split(separator: ",", omittingEmptySubsequences: false).map {
                    Int(String($0).trimmingASCIIWhitespace)
                }
            guard numbers.allSatisfy({ $0 != nil }) else { return .string(text) }
            return .array(numbers.compactMap { $0.map(PropertyListValue.int) })
        }
    }

    /// The text KConfig writes for a value of this type, or `nil` when the value is not of it.
    ///
    /// - Parameter value: The value.
    /// - Returns: The text, escapes not yet applied.
    func text(of value: PropertyListValue) -> String? {
        switch (self, value) {
        case (.string, .string(let text)): return text
        case (.bool, .bool(let flag)): return flag ? "true" : "false"
        case (.int, .int(let number)): return String(number)
        case (.int, .unsignedInt(let number)): return String(number)
        case (.double, .double(let number)): return Self.text(of: number)
        case (.double, .int(let number)): return String(number)
        case (.stringList, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return nil }
                texts.append(text)
            }
            return Self.list(texts)
        case (.intList, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .int(let number) = item else { return nil }
                texts.append(String(number))
            }
            return texts.joined(separator: ",")
        default: return nil
        }
    }

    /// A list's items (`KConfigGroupPrivate::deserializeList`).
    static func items(of text: String) -> [String] {
        if text.isEmpty { return [] }
        if text == "\\0" { return [""] }
        var items: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if quoted {
                current.append(character)
                quoted = false
            } else if character == "\\" {
                quoted = true
            } else if character == "," {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items
    }

    /// A list as KConfig writes it (`KConfigGroupPrivate::serializeList`).
    static func list(_ items: [String]) -> String {
        if items.isEmpty { return "" }
        let text = items.map { item in
            item.replacingAll("\\", with: "\\\\").replacingAll(",", with: "\\,")
        }.joined(separator: ",")
        return text.isEmpty ? "\\0" : text
    }

    /// A double in the shortest text that reads back as the same number, without `.0` on a whole number, as Qt's
    /// `QByteArray::number` writes one.
    private static func text(of number: Double) -> String {
        let text = "\(number)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
