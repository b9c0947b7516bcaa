/// What a listing of GNOME's suites asks of GSettings and dconf: the installed schemas, what dconf holds, and
/// whether a suite holds anything the user set.
///
/// Answered by GIO and libdconf (``GIOCatalog``) or, before either is loaded, from the files they read
/// (``FilesCatalog``): the listing is written once, over this. Loading GIO alone takes longer than the whole of
/// `gsettings list-recursively`, so the editor's first frame and `prefs suites` read the files when they can; the
/// two answer alike on every installed schema (`GSettingsInSession.FilesTests`).
protocol SettingsCatalog {
    /// The ids of the installed schemas: those that live at a path of their own, and the relocatable ones.
    func schemaIDs() -> (fixed: [String], relocatable: [String])

    /// A schema's own path, or `nil` for a relocatable schema or one not installed.
    func path(ofSchema id: String) -> String?

    /// The keys a schema declares, or `nil` when it is not installed.
    func keyNames(ofSchema id: String) -> [String]?

    /// Whether the user set any key of a suite (`SCHEMA`, `SCHEMA:/path/`); `false` for a suite that cannot be
    /// opened.
    func holdsUserValue(suite name: String) -> Bool

    /// The strings a list key (`as`) of a schema at its own path holds, the user's or its default; none when the
    /// schema is not installed, has no such key, or it is no list of strings.
    func strings(ofSchema id: String, key: String) -> [String]

    /// The names in a dconf directory over every database: keys, and directories ending in `/`, unsorted.
    func list(_ directory: String) -> [String]

    /// Whether the user's database holds a value for a key, as `dconf read` reads it.
    func userHolds(_ key: String) -> Bool
}
