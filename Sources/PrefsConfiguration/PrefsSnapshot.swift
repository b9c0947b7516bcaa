public import Configuration
public import PrefsKit

/// Every value of a store at one moment, as swift-configuration reads them: taken from one read of the store, so that
/// a snapshot never holds half of a write.
public struct PrefsSnapshot: ConfigSnapshot {
    public let providerName: String
    /// The stored values, by stored key.
    public let values: [String: PropertyListValue]
    let lookup: ConfigLookup

    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try lookup.result(for: key, type: type) { values[$0] }
    }
}
