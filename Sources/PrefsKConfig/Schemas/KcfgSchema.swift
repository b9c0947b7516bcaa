import PrefsCore
import PrefsStoreKit

/// What one `.kcfg` file (KConfigXT's schema format, `kcfg.xsd` 1.0) declares: the file it describes and each entry's
/// key, type, default, choices, range and texts.
///
/// Types map onto values as KConfig reads and writes them (``KConfigValueType``); types KConfig keeps as text it has
/// its own syntax for (`Color`, `Font`, `Rect`, `DateTime`…) are text here, named by their type. A default given as
/// C++ (`code="true"`) is shown as text in the description and never evaluated; an entry whose name takes a parameter
/// (`$(name)`) describes a family of keys and is left out.
struct KcfgSchema: Sendable {
    /// One entry.
    struct Entry: Sendable {
        let key: KConfigKeyPath
        let type: KConfigValueType
        let entry: PreferenceSchemaEntry
    }

    /// The file the schema describes (`<kcfgfile name="dolphinrc"/>`), when it names one.
    let suite: String?
    let entries: [Entry]

    /// Reads a parsed `.kcfg`.
    ///
    /// - Parameter root: The document's root element, `<kcfg>`.
    /// - Throws: ``SmallXMLError`` when the root is not `<kcfg>`.
    init(_ root: SmallXML) throws(SmallXMLError) {
        guard root.name == "kcfg" else { throw SmallXMLError(offset: 0, reason: "the root element is not <kcfg>") }
        suite = root.child("kcfgfile")?.attributes["name"].flatMap { $0.isEmpty ? nil : $0 }
        var entries: [Entry] = []
        for group in root.children("group") {
            // A group's name is one group of the file, `/` and all: KConfigXT does not nest groups.
            let path = (group.attributes["name"]).map { $0.isEmpty ? [] : [$0] } ?? []
            for element in group.children("entry") {
                if let entry = Self.entry(element, group: path) { entries.append(entry) }
            }
        }
        self.entries = entries
    }

    private static func entry(_ element: SmallXML, group: [String]) -> Entry? {
        guard let name = element.attributes["name"] ?? element.attributes["key"] else { return nil }
        let keyName = element.attributes["key"] ?? name
        guard !keyName.contains("$("), !keyName.isEmpty else { return nil }
        let typeName = element.attributes["type"] ?? "String"
        let (type, kind) = Self.type(named: typeName)
        let choices =
            element.child("choices")?.children("choice").compactMap { choice in
                (choice.attributes["value"] ?? choice.attributes["name"]).map(PropertyListValue.string)
            } ?? []
        let defaultElement = element.child("default")
        let defaultText = defaultElement?.text.trimmingASCIIWhitespace
        var notes: [String] = []
        var defaultValue: PropertyListValue?
        if let defaultText, !defaultText.isEmpty {
            if defaultElement?.attributes["code"] == "true" {
                notes.append("Default, computed by the program: \(defaultText)")
            } else if !choices.isEmpty {
                defaultValue = Self.choice(defaultText, among: choices)
                if defaultValue == nil { notes.append("Default: \(defaultText)") }
            } else {
                let value = type.value(of: defaultText)
                if type.holds(value) { defaultValue = value } else { notes.append("Default: \(defaultText)") }
            }
        } else if type == .bool {
            defaultValue = .bool(false)
        }
        let description =
            [
                element.child("whatsthis")?.text.trimmingASCIIWhitespace
                    ?? element.child("tooltip")?.text.trimmingASCIIWhitespace
            ]
            .compactMap { $0 }.filter { !$0.isEmpty } + notes
        let entry = PreferenceSchemaEntry(
            id: KConfigKeyPath(group: group, key: keyName).name, typeName: "KConfigXT \(typeName)",
            kind: choices.isEmpty ? kind : .enum, storage: type.storage, isOptional: defaultValue == nil,
            defaultValue: defaultValue, summary: element.child("label")?.text.oneLine,
            description: description.isEmpty ? nil : description.joined(separator: "\n\n"), choices: choices,
            range: Self.range(element, type: type, typeName: typeName), isSecret: typeName.lowercased() == "password")
        return Entry(key: KConfigKeyPath(group: group, key: keyName), type: type, entry: entry)
    }

    /// The value type and the kind of value a person edits, for a KConfigXT type name.
    static func type(named name: String) -> (KConfigValueType, PreferenceValueKind) {
        switch name.lowercased() {
        case "bool": (.bool, .bool)
        case "int", "uint", "longlong", "ulonglong", "int64", "uint64": (.int, .int)
        case "double": (.double, .double)
        case "stringlist", "pathlist", "urllist": (.stringList, .array)
        case "intlist": (.intList, .array)
        default: (.string, .string)
        }
    }

    /// The choice a default names: its own name, the name after a C++ scope (`Mode::Details`), or its index.
    private static func choice(_ text: String, among choices: [PropertyListValue]) -> PropertyListValue? {
        let name = text.split(separator: ":").last.map(String.init) ?? text
        if let found = choices.first(where: { $0 == .string(name) }) { return found }
        if let index = Int(text), choices.indices.contains(index) { return choices[index] }
        return nil
    }

    /// The numbers an integer type holds, as the program reads it.
    ///
    /// KConfig reads `Int` into an `int`, `UInt` into an `unsigned int`, and a text that does not fit makes the
    /// program take its default, so a value outside them is refused on write and flagged by `find @invalid`, as
    /// Xfconf's types are. `ULongLong` reaches only to the largest signed 64-bit number, the most a value here holds.
    static func bounds(ofIntegerTypeNamed name: String) -> ClosedRange<Int>? {
        switch name.lowercased() {
        case "int": Int(Int32.min)...Int(Int32.max)
        case "uint": 0...Int(UInt32.max)
        case "longlong", "int64": Int.min...Int.max
        case "ulonglong", "uint64": 0...Int.max
        default: nil
        }
    }

    private static func range(_ element: SmallXML, type: KConfigValueType, typeName: String) -> PreferenceValueRange? {
        let low = element.child("min")?.text.trimmingASCIIWhitespace
        let high = element.child("max")?.text.trimmingASCIIWhitespace
        let bounds = Self.bounds(ofIntegerTypeNamed: typeName)
        guard low != nil || high != nil || (bounds != nil && bounds != Int.min...Int.max) else { return nil }
        switch type {
        case .int:
            let widest = bounds ?? Int.min...Int.max
            let lower = max(low.flatMap { Int($0) } ?? widest.lowerBound, widest.lowerBound)
            let upper = min(high.flatMap { Int($0) } ?? widest.upperBound, widest.upperBound)
            return lower <= upper ? .integer(lower...upper) : nil
        case .double:
            let lower = low.flatMap { Double($0) } ?? -Double.greatestFiniteMagnitude
            let upper = high.flatMap { Double($0) } ?? Double.greatestFiniteMagnitude
            return lower <= upper ? .real(lower...upper) : nil
        default:
            return nil
        }
    }
}

extension String {
    /// Text on one line: the XML's line breaks and indentation are layout.
    fileprivate var oneLine: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
