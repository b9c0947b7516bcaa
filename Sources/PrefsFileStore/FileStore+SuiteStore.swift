public import PrefsKit

extension FileStore: SuiteStore {
    public var locationDescription: String { directory.path }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }
}
