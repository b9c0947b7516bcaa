import Foundation
import PrefsFileStore
import PrefsKit

/// What a subcommand works on: the configuration directory, its store, and the schemas installed for it.
struct Context: Sendable {
    let directory: URL
    let catalog: SchemaCatalog

    init(_ options: GlobalOptions) {
        self.init(configDirectory: options.configDirectory)
    }

    init(configDirectory: URL) {
        directory = configDirectory
        catalog = SchemaCatalog(configDirectory: directory)
    }

    /// Opens the directory's store, creating the directory when it does not exist.
    ///
    /// - Parameter watching: Whether the command needs other processes' changes as they happen.
    /// - Returns: The store.
    /// - Throws: The store's error when the directory cannot be created or watched.
    func store(watching: Bool) throws -> FileStore {
        try FileStore(directory: directory, launchArguments: .none, watching: watching)
    }

    /// A suite that must already exist, as a file or as an installed schema.
    ///
    /// - Throws: `CLIError` naming the suite and the directory when it does not, or the store's error for a bad name
    ///   or an unreadable file.
    func existingSuite(_ name: String, watching: Bool = false) throws -> FileSuite {
        try checkName(name)
        let file = directory.appendingPathComponent("\(name).plist")
        guard FileManager.default.fileExists(atPath: file.path) || catalog.suites().contains(name) else {
            throw CLIError("no suite \(TextEscaping.quoted(name)) in \(TextEscaping.escaped(directory.path))")
        }
        let suite = try store(watching: watching).suite(name)
        try suite.checkReadable()
        return suite
    }

    /// A suite to write to, created on the first write when it does not exist.
    func writableSuite(_ name: String) throws -> FileSuite {
        try checkName(name)
        let suite = try store(watching: false).suite(name)
        try suite.checkReadable()
        return suite
    }

    /// The schema installed for a suite, if any.
    func schema(for suite: String) throws -> PreferenceSchema? {
        try catalog.schema(for: suite)
    }

    /// Checks a suite's name before anything touches the disk.
    func checkName(_ name: String) throws {
        _ = try SuiteName(validating: name)
    }
}
