// The README's example of a third-party store running the conformance suite, compiled and run here, and compared
// with the README by ReadmeTests.
// README conformance example: begin
import PrefsKit
import PrefsTestSupport
import Synchronization
import Testing

/// A store of one's own: here, a dictionary behind a lock.
final class MyStore: PersistentKeyValueStore, Sendable {
    private let values = Mutex<[String: PropertyListValue]>([:])
    let changeNotifier = PersistentKeyValueChangeNotifier()
    let launchArguments = LaunchArguments.none

    func primitiveValue(forKey key: String) -> PropertyListValue? { values.withLock { $0[key] } }

    func primitiveValues() -> [String: PropertyListValue] { values.withLock { $0 } }

    func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) { setPrimitiveValues([key: value]) }

    func setPrimitiveValues(_ changes: [String: PropertyListValue?]) {
        let applied = values.withLock { values in
            changes.keys.sorted().map { key in
                let (old, new) = (values[key], changes[key] ?? nil)
                values[key] = new
                return PersistentKeyValueChange(key: key, oldValue: old, newValue: new)
            }
        }
        changeNotifier.post(applied)
    }
}

@Test(arguments: StoreConformance.Check.allCases)
func myStoreConforms(check: StoreConformance.Check) async throws {
    try await StoreConformance { ScopedStore(store: MyStore()) }.run(check)
}
// README conformance example: end
