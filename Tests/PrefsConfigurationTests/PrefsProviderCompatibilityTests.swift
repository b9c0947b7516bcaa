import Configuration
import ConfigurationTesting
import Foundation
import PrefsConfiguration
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// swift-configuration's own compatibility test, over every kind of store the provider takes.
@Suite(.threadOfItsOwn) struct PrefsProviderCompatibilityTests {
    enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
        case memory, fileSuite, userDefaults, combined, prefixed
        var testDescription: String { rawValue }
    }

    @Test(arguments: StoreKind.allCases)
    func theProviderPassesTheCompatibilityTest(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory(prefix: "prefs-config-compat")
        let provider: PrefsProvider
        let defaultsName = "prefs-config-compat-\(UUID().uuidString)"
        defer { UserDefaults.standard.removePersistentDomain(forName: defaultsName) }
        switch kind {
        case .memory:
            provider = PrefsProvider(suite: InMemoryPersistentKeyValueStore(CompatibilityFixture.values))
        case .fileSuite:
            let suite = try FileStore(directory: directory.url).suite("compat")
            try suite.setPrimitiveValues(CompatibilityFixture.values)
            // Read back from disk by a store that did not write it, so the file form is what is tested.
            provider = PrefsProvider(suite: try FileStore(directory: directory.url).suite("compat"))
        case .userDefaults:
            let defaults = try #require(UserDefaults(suiteName: defaultsName))
            defaults.setPrimitiveValues(CompatibilityFixture.values)
            provider = PrefsProvider(userDefaults: defaults)
        case .combined:
            let empty = InMemoryPersistentKeyValueStore()
            let full = InMemoryPersistentKeyValueStore(CompatibilityFixture.values)
            provider = PrefsProvider(suite: CombinedPersistentKeyValueStore([empty, full]))
        case .prefixed:
            let base = InMemoryPersistentKeyValueStore(
                Dictionary(uniqueKeysWithValues: CompatibilityFixture.values.map { ("server.\($0.key)", $0.value) }))
            base.setPrimitiveValue(.string("not in scope"), forKey: "string")
            provider = PrefsProvider(suite: base.prefixed("server."))
        }
        try await ProviderCompatTest(provider: provider).runTest()
    }
}
