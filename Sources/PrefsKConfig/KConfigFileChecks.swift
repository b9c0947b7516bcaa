import PrefsStoreKit

/// Checks of the KConfig reader's and writer's invariants on arbitrary bytes, for the fuzz target in `Fuzz/`, which
/// can reach only public API.
@_spi(Fuzzing)
public enum KConfigFileChecks {
    /// Reads bytes as a KConfig file and checks what every write relies on.
    ///
    /// The bytes come back unchanged; a key written reads back exactly, in a new group and over an existing entry,
    /// and every other entry keeps its value and options; removing it leaves every other entry alone. The same bytes
    /// are read as a `.kcfg` schema too, which must refuse or read them without harm.
    ///
    /// - Parameter bytes: Any bytes; the first 32 also name the key and value written.
    /// - Returns: `nil` when the invariants hold, otherwise what went wrong.
    public static func check(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= KConfigFile.maximumSize else { return nil }
        if let schema = try? SmallXML.parse(bytes) { _ = try? KcfgSchema(schema) }
        let file = KConfigFile(bytes: bytes)
        guard file.bytes == bytes else { return "reading and writing back changed the bytes" }
        var before = KConfigLayer()
        before.read(file, source: "f")
        for value in before.values.values where value.expands {
            _ = KConfigExpansion.expanded(value.raw, environment: ["HOME": "/home/fuzz"])
        }
        let value = String(decoding: bytes.prefix(16), as: UTF8.self)
        let name = String(decoding: bytes.dropFirst(16).prefix(16), as: UTF8.self)
        var keys = [KConfigKeyPath(group: ["fuzz]group", "in/ner"], key: name.isEmpty ? "k" : name)]
        if let existing = before.keys.first(where: { before.values[$0]?.immutable == false }) { keys.append(existing) }
        for key in keys {
            var edited = file
            edited.set(key, to: value)
            var after = KConfigLayer()
            after.read(KConfigFile(bytes: edited.bytes), source: "f")
            if before.values[key]?.immutable != true, after.values[key]?.raw != value {
                return "key \(key.name.debugDescription) reads back \(String(describing: after.values[key]?.raw))"
            }
            if let problem = othersKept(before, after, except: key) { return problem }
            var removed = edited
            removed.remove(key)
            var left = KConfigLayer()
            left.read(KConfigFile(bytes: removed.bytes), source: "f")
            if let problem = othersKept(before, left, except: key) { return "after removing: \(problem)" }
        }
        return nil
    }

    private static func othersKept(_ before: KConfigLayer, _ after: KConfigLayer, except key: KConfigKeyPath)
        -> String?
    {
        for (other, value) in before.values where other != key && after.values[other] != value {
            return "key \(other.name.debugDescription) changed: \(value) -> \(String(describing: after.values[other]))"
        }
        return nil
    }
}
