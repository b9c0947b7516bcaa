public import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileStore: SuiteStore {
    public var locationDescription: String { directory.path }

    /// The schema manifests installed for this directory.
    public var schemaSource: any PreferenceSchemaSource { SchemaCatalog(configDirectory: directory) }

    public func listSuites() -> [String] {
        suiteNames()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    /// Checks the name as a file name, without reading the suite: a large suite is read once, by whoever uses it.
    public func checkSuiteName(_ name: String) throws {
        _ = try SuiteName(validating: name)
    }

    /// Watches the directory from now on (``startWatching()``): a change made once this returns is delivered.
    public func startDelivering() throws -> PersistentKeyValueObservation? {
        try startWatching()
    }

    /// Watches the directory until the task is cancelled or a graceful shutdown begins.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` when the directory cannot be watched, or when the
    ///   watch dies; observers are told first.
    public func run() async throws {
        try await WatchService.run(holding: try startWatching(), problemsOf: changeNotifier)
    }
}
