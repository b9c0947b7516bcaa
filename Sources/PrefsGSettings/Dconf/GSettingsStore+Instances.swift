import PrefsCore
import PrefsGLib

extension GSettingsStore {
    /// The known instances of installed relocatable schemas, as suite names `SCHEMA:PATH`, sorted.
    ///
    /// An instance is known from a list key of its parent schema that names it (the app folders, notification
    /// settings, custom keybindings and terminal profiles GNOME records so), from the directories in dconf that a
    /// built-in pairing or one of the user's mappings describes, and from a mapping of an exact path. A directory
    /// is one instance's, the first found.
    ///
    /// - Parameters:
    ///   - catalog: What lists the schemas and dconf's directories (``catalog()``).
    ///   - usingMappings: Whether the user's mappings are read; `false` finds only what GNOME records.
    /// - Returns: The instances' suite names.
    /// - Throws: ``GSettingsStoreError`` when the user's mappings cannot be read.
    func findRelocatableInstances(in catalog: any SettingsCatalog, usingMappings: Bool = true)
        throws(GSettingsStoreError) -> [String]
    {
        let relocatable = Set(catalog.schemaIDs().relocatable)
        guard !relocatable.isEmpty else { return [] }
        var instances: [String: String] = [:]
        func found(_ schema: String, at path: String) {
            if instances[path] == nil, SuiteLocation.isValidPath(path) { instances[path] = schema }
        }
        for list in RelocatableList.builtIn where relocatable.contains(list.child) {
            for element in catalog.strings(ofSchema: list.parent, key: list.key) {
                if let path = list.directory(for: element) { found(list.child, at: path) }
            }
        }
        let user = usingMappings ? try SchemaMappings.load().pairings : []
        for pairing in user where relocatable.contains(pairing.schema) && !pairing.pattern.contains("//") {
            found(pairing.schema, at: pairing.pattern)
        }
        let patterns = (user + RelocatablePairing.builtIn).filter {
            relocatable.contains($0.schema) && $0.pattern.contains("//")
        }
        if !patterns.isEmpty {
            for path in dconfDirectories(in: catalog) {
                if let pairing = patterns.first(where: { $0.matches(path) }) { found(pairing.schema, at: path) }
            }
        }
        return instances.map { "\($0.value):\($0.key)" }.sorted()
    }

    /// Pairs a relocatable schema with a dconf directory, or with every directory a pattern with empty parts
    /// describes, in the user's mappings; its instances there are suites from then on.
    ///
    /// - Parameters:
    ///   - schema: An installed relocatable schema's id.
    ///   - path: A dconf directory (`/org/example/profiles/work/`), or a pattern (`/org/example/profiles//`).
    /// - Returns: The suite the exact path names (`SCHEMA:PATH`), or `nil` for a pattern.
    /// - Throws: ``GSettingsStoreError`` when the schema is not installed or not relocatable, the path is not a
    ///   directory, or the mappings cannot be written.
    @discardableResult
    public func mapSchema(_ schema: String, toPath path: String) throws(GSettingsStoreError) -> String? {
        try GIOLibrary.load()
        guard SchemaMappings.isPattern(path) else {
            throw .invalidMapping(
                path: path, schema: schema,
                reason: "a dconf directory starts and ends with /, such as /org/example/profiles/work/; an empty part "
                    + "(/org/example/profiles//) stands for any one")
        }
        let ids = GIOLock.run { currentSchemaSource()?.schemaIDs ?? (fixed: [], relocatable: []) }
        guard ids.relocatable.contains(schema) else {
            let reason =
                ids.fixed.contains(schema)
                ? "it lives at a path of its own; only a relocatable schema (gsettings list-relocatable-schemas) is "
                    + "mapped"
                : "no such relocatable schema is installed (gsettings list-relocatable-schemas lists them)"
            throw .invalidMapping(path: path, schema: schema, reason: reason)
        }
        // A fixed schema's directory is typed by that schema: a relocatable one over it would write values of
        // other types where the desktop reads them (clock-format took an int so).
        let pairing = RelocatablePairing(schema: schema, pattern: path)
        if let owner = fixedSchemaPaths().first(where: { $0.key == path || pairing.matches($0.key) }) {
            throw .invalidMapping(
                path: path, schema: schema,
                reason:
                    "\(TextEscaping.quoted(owner.key)) belongs to schema \(TextEscaping.quoted(owner.value)), which "
                    + "types its keys; write them there")
        }
        var mappings = try SchemaMappings.load()
        mappings.map(path, to: schema)
        try mappings.save()
        return path.contains("//") ? nil : "\(schema):\(path)"
    }

    /// Forgets the user's mapping of a path.
    ///
    /// - Returns: Whether the path was mapped.
    /// - Throws: ``GSettingsStoreError/mappingsUnreadable(path:reason:)`` when the mappings cannot be read or
    ///   written.
    @discardableResult
    public func unmapSchema(atPath path: String) throws(GSettingsStoreError) -> Bool {
        var mappings = try SchemaMappings.load()
        guard mappings.unmap(path) else { return false }
        try mappings.save()
        return true
    }
}
