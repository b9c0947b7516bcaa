/// Checks of the schema-mapping file's reader on arbitrary bytes, for the fuzz target in `Fuzz/`, which can reach
/// only public API.
@_spi(Fuzzing)
public enum SchemaMappingsChecks {
    /// Reads bytes as a mapping file, and checks that what it reads is written back and read again the same, and that
    /// every path it keeps is one a mapping may name.
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: `nil` when the invariants hold, otherwise what went wrong.
    public static func check(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= SchemaMappings.limit else { return nil }
        let (pairings, strange) = SchemaMappings.parse(String(decoding: bytes, as: UTF8.self))
        if let bad = pairings.first(where: {
            !SchemaMappings.isPattern($0.pattern) || !SchemaMappings.isSchemaName($0.schema)
        }) {
            return "kept a pairing no mapping may hold: \(bad)"
        }
        if strange.contains(where: { $0 < 1 }) { return "a line left out is numbered from 0" }
        let again = SchemaMappings.parse(SchemaMappings(pairings: pairings).text)
        guard again.pairings == pairings, again.strange.isEmpty else {
            return "the mappings written back read as others"
        }
        return nil
    }
}
