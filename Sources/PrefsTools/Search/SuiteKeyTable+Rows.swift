import PrefsCore

extension SuiteKeyTable {
    /// Every key's facts, whether its name is ASCII, and its searched text, by position: what a search reads at each
    /// key, made once per table and patched by changes.
    struct Rows {
        private(set) var facts: [KeyFacts]
        /// Whether each key is ASCII: known once, not checked at every keystroke.
        private(set) var asciiKeys: [Bool]
        private(set) var text: SearchText

        /// Makes the rows of every key of a table.
        init(of table: SuiteKeyTable) {
            let keys = table.keys
            let values = table.suite.primitiveValues()
            let layers = table.suite.systemLayers
            facts = []
            facts.reserveCapacity(keys.count)
            asciiKeys = keys.map { $0.utf8.allSatisfy { $0 < 0x80 } }
            text = SearchText(capacity: keys.count)
            for key in keys {
                let row = Self.row(key, stored: Self.stored(key, in: values, schema: table.schema), table, layers)
                facts.append(row.facts)
                text.append(row.fields)
            }
        }

        mutating func insert(
            _ key: String, stored: PropertyListValue?, at position: Int, in table: SuiteKeyTable, layers: SystemLayers
        ) {
            let row = Self.row(key, stored: stored, table, layers)
            asciiKeys.insert(key.utf8.allSatisfy { $0 < 0x80 }, at: position)
            facts.insert(row.facts, at: position)
            text.insert(row.fields, at: position)
        }

        mutating func remove(at position: Int) {
            asciiKeys.remove(at: position)
            facts.remove(at: position)
            text.remove(at: position)
        }

        mutating func replace(
            _ key: String, stored: PropertyListValue?, at position: Int, in table: SuiteKeyTable, layers: SystemLayers
        ) {
            let row = Self.row(key, stored: stored, table, layers)
            facts[position] = row.facts
            text.replace(at: position, with: row.fields)
        }

        /// The value stored for a key, or for the newest former name it is still stored under, as PrefsKit reads it.
        private static func stored(
            _ key: String, in values: [String: PropertyListValue], schema: PreferenceSchema?
        ) -> PropertyListValue? {
            if let value = values[key] { return value }
            guard let formers = schema?[key]?.formerIDs, !formers.isEmpty else { return nil }
            return formers.lazy.compactMap { values[$0] }.first
        }

        /// A key's facts and searched fields.
        private static func row(
            _ key: String, stored: PropertyListValue?, _ table: SuiteKeyTable, _ layers: SystemLayers
        ) -> (facts: KeyFacts, fields: SearchText.Fields) {
            let schema = table.schema
            let (facts, shown) = KeyFacts.of(
                key: key, stored: stored, schema: schema, layers: layers, revealed: table.revealed)
            let entry = schema?[key]
            return (facts, SearchText.Fields(value: shown, summary: entry?.summary, description: entry?.description))
        }
    }
}
