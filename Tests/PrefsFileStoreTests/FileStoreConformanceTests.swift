import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// PrefsTestSupport's conformance suites over the file store: a suite as a store (its file XML or binary, with system
/// layers and locks beside it or not), and the
/// directory as a store of suites.
@Suite(.threadOfItsOwn) struct FileStoreConformanceTests {
    @Test(arguments: StoreConformance.Check.allCases)
    func aSuiteConforms(check: StoreConformance.Check) async throws {
        try await StoreConformance { try StoreFixture.file.make(function: "\(check)") }.run(check)
    }

    @Test(arguments: StoreConformance.Check.allCases)
    func aBinarySuiteConforms(check: StoreConformance.Check) async throws {
        try await StoreConformance { try StoreFixture.binaryFile.make(function: "\(check)") }.run(check)
    }

    @Test(arguments: StoreConformance.Check.allCases)
    func aLayeredSuiteConforms(check: StoreConformance.Check) async throws {
        try await StoreConformance { try StoreFixture.layeredFile.make(function: "\(check)") }.run(check)
    }

    @Test(arguments: StoreConformance.Check.allCases)
    func aPrefixedViewOfASuiteConforms(check: StoreConformance.Check) async throws {
        try await StoreConformance { try StoreFixture.prefixed.make(function: "\(check)") }.run(check)
    }

    @Test(arguments: SuiteStoreConformance.Check.allCases)
    func theStoreConforms(check: SuiteStoreConformance.Check) async throws {
        try await SuiteStoreConformance {
            // The check starts the watch through run(), as an app does.
            let scope = try ScopedFileStore(watching: false)
            return ScopedSuiteStore(
                store: scope.store, reopen: { try scope.reopen() }, keepsHistory: true, resources: [scope])
        }.run(check)
    }
}
