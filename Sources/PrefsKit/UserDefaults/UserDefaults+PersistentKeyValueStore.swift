public import Foundation
public import PrefsCore

/// `UserDefaults` as a store: the standard defaults, or a suite from `UserDefaults(suiteName:)`.
///
/// Values are stored in the primitive form plain `UserDefaults` code reads: an enumeration as its raw value, a date as
/// a `Date`.
///
/// Two behaviours of Foundation on Linux shape this conformance:
/// - It does not write pending changes to disk when the process exits, so every write through PrefsKit calls
///   `synchronize()`; otherwise a short-lived tool would lose its writes.
/// - It posts no change notifications, so observers in this process hear about the writes made through PrefsKit on
///   this same object.
///
/// Reads see what the suite stores, beneath Foundation's argument domain: while `-theme purple` is on the command
/// line, plain `UserDefaults` code reads `purple`, but the store reports the stored `dark`, and PrefsKit applies the
/// argument itself only when it fits the key's type and choices. An override is never written back.
extension UserDefaults: PersistentKeyValueStore {
    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        storedObject(forKey: key).flatMap(PropertyListValue.init(propertyListObject:))
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) {
        setPrimitiveValues([key: value])
    }

    /// Applies the changes, then writes them to disk once.
    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) {
        let keys = changes.keys.sorted()
        let old = keys.map(primitiveValue(forKey:))
        for key in keys {
            if let value = changes[key] ?? nil {
                set(value.propertyListObject, forKey: key)
            } else {
                removeObject(forKey: key)
            }
        }
        synchronize()
        // Read back only after synchronizing: Foundation on Linux keeps returning a removed value until the next
        // synchronize, and after a removal a registered default or an argument may show through.
        changeNotifier.post(
            zip(keys, old).map { key, old in
                PersistentKeyValueChange(key: key, oldValue: old, newValue: primitiveValue(forKey: key))
            })
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        storedObjects().compactMapValues(PropertyListValue.init(propertyListObject:))
    }

    public var changeNotifier: PersistentKeyValueChangeNotifier {
        ObjectChangeNotifiers.notifier(for: self)
    }

    /// The arguments this process was launched with, which `UserDefaults` also reads into its argument domain.
    public var launchArguments: LaunchArguments { .process }
}
