import PrefsCore
import PrefsGLib

/// The catalog read from the compiled schemas and dconf's databases, without GIO or libdconf (``GSettingsFiles``):
/// what the editor's first frame and `prefs suites` list while neither is loaded.
struct FilesCatalog: SettingsCatalog {
    let files: GSettingsFiles
    /// dconf's databases, read once for the listing: a listing is one moment's.
    let databases: DconfDatabases

    /// The catalog of the files as they are now.
    ///
    /// - Throws: ``GLibFile/Unreadable`` when dconf's databases can no longer be read here.
    init(files: GSettingsFiles) throws(GLibFile.Unreadable) {
        self.files = files
        databases = try files.databases()
    }

    func schemaIDs() -> (fixed: [String], relocatable: [String]) {
        files.schemas.schemaIDs
    }

    func path(ofSchema id: String) -> String? {
        files.schemas.path(of: id)
    }

    func keyNames(ofSchema id: String) -> [String]? {
        files.schemas.schema(id)?.keyNames
    }

    func holdsUserValue(suite name: String) -> Bool {
        // A name that is no suite's holds nothing.
        guard let location = try? SuiteLocation(name),
            let path = files.schemas.path(of: location.schema) ?? location.path
        else { return false }
        // Most schemas hold nothing the user set: their keys are read only when the user's database lists some.
        guard databases.user?.values?.list(path)?.contains(where: { !$0.hasSuffix("/") }) == true,
            let schema = files.schemas.schema(location.schema)
        else { return false }
        return schema.keyNames.contains { name in
            guard let raw = databases.userValue(path + name) else { return false }
            // As g_settings_get_user_value: a value of another type is none, and one outside what the key allows
            // is none unless an alias names one of its choices.
            guard let key = schema.key(name) else { return true }
            guard raw.type == key.type else { return false }
            return key.allows(raw) != false || raw.string.map { key.aliases[$0] != nil } == true
        }
    }

    func strings(ofSchema id: String, key: String) -> [String] {
        guard let schema = files.schemas.schema(id), let path = schema.path else { return [] }
        let view = SchemaFiles(schema: schema, path: path, files: files)
        // A value these files cannot read as GLib does (one GLib corrects) names no instance.
        guard case .array(let elements)? = try? view.value(key) else { return [] }
        return elements.compactMap {
            if case .string(let text) = $0 { return text }
            return nil
        }
    }

    func list(_ directory: String) -> [String] {
        databases.list(directory)
    }

    func userHolds(_ key: String) -> Bool {
        databases.userValue(key) != nil
    }
}
