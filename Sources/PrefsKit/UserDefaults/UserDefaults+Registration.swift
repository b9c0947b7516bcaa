public import Foundation
public import PrefsCore

extension UserDefaults {
    /// Registers a key's default in the registration domain, for code that reads the suite with plain `UserDefaults`
    /// calls.
    ///
    /// PrefsKit does not need this: a key's default comes from its definition. An Optional key whose default is `nil`
    /// registers nothing.
    ///
    /// - Parameter key: The key.
    public func register<Key: PersistentKeyProtocol>(_ key: Key) {
        register(keys: [key])
    }

    /// Registers several keys' defaults at once.
    ///
    /// - Parameter keys: The keys.
    public func register(keys: [any PersistentKeyProtocol]) {
        var defaults: [String: Any] = [:]
        for key in keys {
            if let value = key.encodedDefaultValue { defaults[key.id] = value.propertyListObject }
        }
        register(defaults: defaults)
    }
}
