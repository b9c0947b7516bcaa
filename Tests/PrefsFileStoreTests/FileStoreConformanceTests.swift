import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// PrefsTestSupport's conformance suites over the file store's other layouts: a suite in a binary file, one with
/// system layers and locks beside it, and a prefixed view of one (the store itself, as `--store files` opens it, is a
/// row of `StoreKindConformanceTests`).
@Suite(.threadOfItsOwn) struct FileStoreConformanceTests {
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
}
