import PrefsKit
import PrefsTestSupport
import Testing

/// PrefsTestSupport's conformance suite over the stores PrefsKit itself provides.
@Suite struct StoreConformanceTests {
    @Test(arguments: [StoreFixture.inMemory, .userDefaults, .combined], StoreConformance.Check.allCases)
    func conforms(fixture: StoreFixture, check: StoreConformance.Check) async throws {
        try await StoreConformance { try fixture.make(function: "\(check)") }.run(check)
    }
}
