import PrefsStores
import PrefsTools

extension WriteCommandLine {
    /// Writes the value of a plain `prefs write`, read without argument-parser (see ``PrefsTools/WriteCommandLine``).
    ///
    /// - Throws: ``PrefsTools/ToolError`` or the store's error; nothing is written then.
    func perform() throws {
        let context = StoreResolver.context(
            configDirectory: StoreResolver.configDirectory(configDir), storeURL: store)
        try request.perform(in: context)
        ChangeReport.print(if: json, suite: request.suite, changed: [request.key])
    }
}
