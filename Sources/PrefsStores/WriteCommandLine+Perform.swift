public import PrefsTools

extension WriteCommandLine {
    /// Writes the value of a plain `prefs write`, in the store its options name, and reports it under `--json`.
    ///
    /// - Throws: ``/PrefsTools/ToolError`` or the store's error; nothing is written then.
    public func perform() throws {
        try request.perform(in: StoreResolver.context(configDir: configDir, storeURL: store))
        ChangeReport.print(if: json, suite: request.suite, changed: [request.key])
    }
}
