#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A property whose value is read from and written to a store through a key.
///
/// ```swift
/// final class SettingsModel {
///     @PersistentValue(.runtimeColorScheme)
///     var runtimeColorScheme
///
///     @PersistentValue(.launchCount, store: sharedSuite)
///     var launchCount: Int
/// }
/// ```
///
/// Every read goes to the store, so the property always shows the latest value, including launch-argument
/// overrides. The projected value (`$runtimeColorScheme`) offers the stream of values and a reset.
@propertyWrapper
public struct PersistentValue<Value: Sendable> {
    /// The key the value is stored under.
    public let key: any PersistentKeyProtocol<Value>
    /// The store the value lives in.
    public let store: any PersistentKeyValueStore

    /// Creates a property over a key in a store.
    ///
    /// `PrefsKit` adds `init(_:)`, over `UserDefaults.standard`.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - store: The store.
    public init<Key: PersistentKeyProtocol>(_ key: Key, store: any PersistentKeyValueStore)
    where Key.Value == Value {
        self.key = key
        self.store = store
    }

    /// The key's current value.
    ///
    /// Setting it writes to the store.
    public var wrappedValue: Value {
        get { store.get(key) }
        nonmutating set { store.set(key, to: newValue) }
    }

    /// The property wrapper itself, for `$property.values` and `$property.reset()`.
    public var projectedValue: Self { self }

    /// The current value, then each new value written in this process.
    public var values: AsyncStream<Value> { store.values(for: key) }

    /// What a read finds, with the reason when it falls back to the default.
    public func inspect() -> PersistentValueInspection<Value> {
        store.inspect(key)
    }

    /// Removes the stored value, so that the property reads as the key's default.
    public func reset() {
        store.remove(key)
    }
}
