public import PrefsCore
import PrefsFileStore
public import PrefsTools

extension ToolContext {
    /// A context whose documents (`export`, `import`, `diff`, the editor's `$EDITOR` round trip) are property lists
    /// read and written as the file store reads and writes its suites, whatever the store: the one codec every row
    /// of the store table uses, named here once.
    ///
    /// - Parameters:
    ///   - locationDescription: Where the suites are, for messages.
    ///   - open: Opens the store; with `false`, returns `nil` rather than create one that does not exist.
    ///   - schemas: Opens the schemas' source.
    public convenience init(
        locationDescription: String, open: @escaping @Sendable (_ creating: Bool) throws -> (any SuiteStore)?,
        schemas: @escaping @Sendable () throws -> any PreferenceSchemaSource
    ) {
        self.init(
            locationDescription: locationDescription, codec: FilePropertyListCodec(), open: open, schemas: schemas)
    }
}
