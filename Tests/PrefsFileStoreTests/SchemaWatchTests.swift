import Foundation
import PrefsCore
import PrefsFileStore
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

/// The schema catalog is watched as the suites are: an install and an uninstall are reported by suite, at once.
@Suite(.threadOfItsOwn) struct SchemaWatchTests {
    private static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "watched", "keys": [
          {"id": "size", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 1}
        ]}
        """

    private final class Reports: Sendable {
        let suites = Mutex<[Set<String>]>([])
    }

    @Test func anInstallAndAnUninstallAreReportedBySuite() throws {
        let home = try TemporaryDirectory(prefix: "schema-watch")
        let catalog = SchemaCatalog(
            configDirectory: home.url.appendingPathComponent("config"),
            environment: ["XDG_DATA_HOME": home.url.appendingPathComponent("data").path])
        let reports = Reports()
        let watch = try #require(
            try catalog.watchSchemas(
                creatingFolder: true, onChange: { suites in reports.suites.withLock { $0.append(suites) } },
                onProblem: { _ in }))
        defer { watch.cancel() }
        try catalog.install(Data(Self.manifest.utf8))
        #expect(eventually { reports.suites.withLock { $0.contains(["watched"]) } })
        reports.suites.withLock { $0 = [] }
        #expect(try catalog.uninstall(suite: "watched"))
        #expect(eventually { reports.suites.withLock { $0.contains(["watched"]) } })
    }

    @Test func aReadOnlyWatchCreatesNothing() throws {
        let home = try TemporaryDirectory(prefix: "schema-watch")
        let catalog = SchemaCatalog(
            configDirectory: home.url.appendingPathComponent("config"),
            environment: ["XDG_DATA_HOME": home.url.appendingPathComponent("data").path])
        let watch = try catalog.watchSchemas(creatingFolder: false, onChange: { _ in }, onProblem: { _ in })
        #expect(watch == nil)
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("data").path))
    }
}
