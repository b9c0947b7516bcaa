public import Foundation

/// `UserDefaults` as a store: the standard defaults, or a suite from `UserDefaults(suiteName:)`.
///
/// Values are stored in the primitive form plain `UserDefaults` code reads: an enumeration as its raw value, a date as
/// a `Date`. Foundation on Linux posts no change notifications, so observers in this process hear about the writes
/// made through PrefsKit on this same object.
extension UserDefaults: PersistentKeyValueStore {
    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        object(forKey: key).flatMap(PropertyListValue.init(propertyListObject:))
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) {
        let old = primitiveValue(forKey: key)
        if let value {
            set(value.propertyListObject, forKey: key)
        } else {
            removeObject(forKey: key)
        }
        // Read back rather than assume: after a removal a registered default or an argument may show through.
        changeNotifier.post([PersistentKeyValueChange(key: key, oldValue: old, newValue: primitiveValue(forKey: key))])
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        dictionaryRepresentation().compactMapValues(PropertyListValue.init(propertyListObject:))
    }

    public var changeNotifier: PersistentKeyValueChangeNotifier {
        ObjectChangeNotifiers.notifier(for: self)
    }

    /// The arguments this process was launched with, which `UserDefaults` also reads into its argument domain.
    public var launchArguments: LaunchArguments { .process }
}
