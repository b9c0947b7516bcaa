import Synchronization

extension GSettingsStore {
    /// The ids of the installed schemas that live at a path of their own, sorted; relocatable ones are opened with
    /// a path and are not listed.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded.
    public func schemaIDs() throws(GSettingsStoreError) -> [String] {
        try catalog().schemaIDs().fixed.sorted()
    }

    /// What lists the schemas and dconf's directories now: the files GSettings reads while neither GIO nor libdconf
    /// is loaded and they can be read here, else GIO and libdconf.
    ///
    /// The files are left once dconf's client is made: it keeps this process's writes pending until the service has
    /// stored them, and a listing must see them.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO must be asked and cannot be loaded.
    func catalog() throws(GSettingsStoreError) -> any SettingsCatalog {
        if dconfClient.withLock({ $0 == nil }), let files = glibFiles() {
            // Databases that can no longer be read here are GIO's to read.
            if let catalog = try? FilesCatalog(files: files) { return catalog }
        }
        return try GIOCatalog(store: self)
    }
}
