import Foundation
import PrefsFileStore
import PrefsKit
import PrefsStoresPostgres
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

@testable import PrefsStores

/// Every row of the store-kind table passes PrefsTestSupport's conformance suites, on the store `prefs --store` opens
/// through the row: a new row without a fixture fails here, so no store skips them.
///
/// A store that reads its session bus's address once per process (GIO's) is checked in a child runner started in a
/// private session, as the GSettings and Xfconf tests are.
@Suite(.threadOfItsOwn) struct StoreKindConformanceTests {
    /// Set in a child runner to the row it runs; every other row passes there without running.
    static let childMarker = "PREFS_CONFORMANCE_KIND"
    static var childKind: String? { ProcessInfo.processInfo.environment[childMarker] }

    @Test(arguments: StoreKind.all.map(\.name))
    func everyKindOfStorePassesTheConformanceSuites(kind name: String) async throws {
        let kind = try #require(StoreKind.all.first { $0.name == name })
        if let child = Self.childKind, child != name { return }
        let fixture = try #require(
            StoreKindFixture.all[name], "--store \(name) has no conformance fixture: add one to StoreKindFixture.all")
        let missing = fixture.needs.filter { !$0.isInstalled }
        if !missing.isEmpty, ProcessInfo.processInfo.environment["CI"] == nil {
            // As `.needs` skips a suite: apt-get install the missing packages to run this row.
            print("--store \(name): skipped, needs \(missing.map(\.package).sorted().joined(separator: " "))")
            return
        }
        guard fixture.isAvailable() else {
            // Where it is required (CI), a store that cannot be had fails rather than passes unseen.
            let environment = ProcessInfo.processInfo.environment
            if environment["CI"] != nil || environment["PREFS_REQUIRE_POSTGRES"] != nil {
                Issue.record("--store \(name) cannot be had here, and CI requires it")
            }
            return
        }
        if let session = fixture.session, Self.childKind == nil {
            let (environment, keep) = try session()
            try withExtendedLifetime(keep) {
                try ChildTestRun.expectPassing(
                    "StoreKindConformanceTests", environment: environment.merging([Self.childMarker: name]) { $1 })
            }
            return
        }
        PostgresStores.install()
        try await fixture.runSuites(kind)
    }

    /// A store of one's own is its module and one row: the store article's example, written on the kit, passes the
    /// same suites through its row.
    @Test func anExampleStoreWrittenOnTheKitIsOneRowAndPassesTheConformanceSuites() async throws {
        guard Self.childKind == nil else { return }
        let row = StoreKind(
            name: "lines", spelling: "lines", summary: "the key=JSON files of the configuration directory",
            names: { $0 == "lines" },
            open: { _, directory, environment in
                let store = LineFileStore(
                    directory: directory.appendingPathComponent("lines"),
                    journalDirectory: URL(fileURLWithPath: environment["XDG_STATE_HOME"] ?? directory.path)
                        .appendingPathComponent("lines-journal"))
                return ToolContext(
                    locationDescription: store.locationDescription,
                    open: { _ in store },
                    schemas: { store.schemaSource })
            })
        let fixture = StoreKindFixture(
            value: { _ in "lines" }, suite: "conformance", holds: [.dictionaries],
            foreignWrite: { scratch, suite, key, text in
                // Another program appends a line, as an editor would.
                let file = scratch.appendingPathComponent("config/lines/\(suite).lines")
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                    .filter { !$0.hasPrefix("\(key)=") }.map { $0 + "\n" }.joined()
                try Data((lines + "\(key)=\"\(text)\"\n").utf8).write(to: file, options: .atomic)
            })
        try await fixture.runSuites(row)
    }
}
