import Configuration
import Foundation
import PrefsConfiguration
import PrefsKit
import PrefsTestHelpers
import Synchronization
import Testing

/// Keys the schema marks secret reach swift-configuration as `isSecret`, so that its access reporters redact them.
@Suite(.threadOfItsOwn) struct PrefsProviderSecretsTests {
    /// An access reporter that keeps what it is told.
    final class Recorder: AccessReporter {
        let events = Mutex<[(key: String, isSecret: Bool?)]>([])

        func report(_ event: AccessEvent) {
            let secret = (try? event.result.get())??.isSecret
            events.withLock { $0.append((event.metadata.key.description, secret)) }
        }
    }

    @Test func theAccessReporterIsToldASecretIsSecretAndOtherKeysAreNot() throws {
        let token = PersistentKey<String>("api.token", defaultValue: "", secret: true, formerly: ["apiKey"])
        let port = PersistentKey<Int>("http.port", defaultValue: 8080)
        let schema = try PreferenceSchema(suite: "app", keys: [token, port])
        let store = InMemoryPersistentKeyValueStore(["api.token": .string("t0ken"), "http.port": .int(9000)])
        let recorder = Recorder()
        let config = ConfigReader(providers: [PrefsProvider(suite: store, schema: schema)], accessReporter: recorder)
        #expect(config.string(forKey: "api.token") == "t0ken")
        #expect(config.int(forKey: "http.port") == 9000)
        // A secret still stored under its former name is a secret too.
        let legacy = InMemoryPersistentKeyValueStore(["apiKey": .string("old")])
        let legacyConfig = ConfigReader(
            providers: [PrefsProvider(suite: legacy, schema: schema)], accessReporter: recorder)
        #expect(legacyConfig.string(forKey: "api.token") == "old")

        let events = recorder.events.withLock { $0 }
        #expect(events.map(\.key) == ["api.token", "http.port", "api.token"])
        #expect(events.map(\.isSecret) == [true, false, true])
    }
}
