public import PrefsTools

extension ReadCommandLine {
    /// Prints what a plain `prefs read` asks for, from the store its options name.
    ///
    /// - Throws: ``/PrefsTools/ToolError`` or the store's error.
    public func perform() throws {
        try Secrets.$reveal.withValue(reveal) {
            try request.perform(in: StoreResolver.context(configDir: configDir, storeURL: store))
        }
    }
}
