public import PrefsKit

extension PostgresStore: SuiteStore {
    public var locationDescription: String { "\(location)" }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        suite(name)
    }
}
