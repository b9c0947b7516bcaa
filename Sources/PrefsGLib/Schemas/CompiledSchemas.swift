import Synchronization

/// The compiled GSettings schemas, read without GIO from the `gschemas.compiled` files GIO reads, in GIO's order.
///
/// Follows GLib's `gsettingsschema.c`: a schema is a table of the first file that holds its id; a key is a tuple of
/// its default and its extensions (`l` translation, `e`/`f`/`c` choices, `r` range). A key with an extension this
/// reader does not know, or a default GIO would translate, is left to GIO.
package final class CompiledSchemas: Sendable {
    /// Each folder's file, highest priority first.
    package let files: [GVDBTable]
    /// The schemas read so far, by id: each is read once.
    private let opened = Mutex<[String: CompiledSchema]>([:])

    /// Reads the compiled schemas of the folders GSettings reads.
    ///
    /// - Parameter folders: The folders, highest priority first (``GSettingsStore/schemaFolderList(environment:)``).
    /// - Throws: ``GLibFile/Unreadable`` when a file cannot be read here.
    package init(folders: [String]) throws(GLibFile.Unreadable) {
        var files: [GVDBTable] = []
        for folder in folders {
            if let table = try GLibFile.table(at: "\(folder)/gschemas.compiled") { files.append(table) }
        }
        self.files = files
    }

    /// A schema by id, from the first file that holds it.
    package func schema(_ id: String) -> CompiledSchema? {
        if let schema = opened.withLock({ $0[id] }) { return schema }
        guard let schema = schema(id, depth: 0) else { return nil }
        return opened.withLock { opened in
            if let earlier = opened[id] { return earlier }
            opened[id] = schema
            return schema
        }
    }

    private func schema(_ id: String, depth: Int) -> CompiledSchema? {
        guard depth < 8, let table = files.lazy.compactMap({ $0.table(forKey: id) }).first else { return nil }
        let extends = table.value(forKey: ".extends")?.string.flatMap { schema($0, depth: depth + 1) }
        return CompiledSchema(id: id, table: table, extends: extends)
    }

    /// A schema's own path, read from its table alone: a listing asks it of every installed schema, and reading
    /// every key of each to answer cost the editor's first frame 0.8 ms.
    ///
    /// - Returns: The path, or `nil` for a relocatable schema or one not installed.
    package func path(of id: String) -> String? {
        if let schema = opened.withLock({ $0[id] }) { return schema.path }
        return files.lazy.compactMap { $0.table(forKey: id) }.first?.value(forKey: ".path")?.string
    }

    /// The ids of the installed schemas, as `g_settings_schema_source_list_schemas` lists them: each id once, from
    /// the first file that holds it; fixed ones have a `.path`.
    package var schemaIDs: (fixed: [String], relocatable: [String]) {
        var seen = Set<String>()
        var (fixed, relocatable): ([String], [String]) = ([], [])
        for file in files {
            for id in file.list("") ?? [] where seen.insert(id).inserted {
                if file.table(forKey: id)?.hasValue(forKey: ".path") == true {
                    fixed.append(id)
                } else {
                    relocatable.append(id)
                }
            }
        }
        return (fixed, relocatable)
    }
}

/// One compiled schema, its keys read once.
package final class CompiledSchema: Sendable {
    package let id: String
    /// The path of a fixed schema; `nil` for a relocatable one.
    package let path: String?
    /// The names of its keys, its parent schema's included, sorted; child schemas (`name/`) and `.` entries left
    /// out.
    package let keyNames: [String]
    /// Each key, `nil` where it cannot be read here.
    private let keys: [String: CompiledSchemaKey?]

    package init(id: String, table: GVDBTable, extends: CompiledSchema?) {
        self.id = id
        path = table.value(forKey: ".path")?.string
        var keys = extends?.keys ?? [:]
        // As g_settings_schema_list_keys: the names listed under "", less `.` entries and child schemas.
        for name in table.list("") ?? [] where !name.hasPrefix(".") && !name.hasSuffix("/") && !name.isEmpty {
            keys[name] = .some(table.value(forKey: name).flatMap { CompiledSchemaKey(name: name, compiled: $0) })
        }
        self.keys = keys
        keyNames = keys.keys.sorted()
    }

    /// A key, or `nil` when the schema has none of that name or it cannot be read here.
    package func key(_ name: String) -> CompiledSchemaKey? {
        keys[name] ?? nil
    }

    /// Whether the schema has a key of that name.
    package func hasKey(_ name: String) -> Bool {
        keys[name] != nil
    }
}
