import Foundation
public import PrefsCore

extension PersistentValue {
    /// Creates a property over a key in `UserDefaults.standard`, as the seeds' `@PersistentValue(.key)` reads.
    ///
    /// - Parameter key: The key.
    public init<Key: PersistentKeyProtocol>(_ key: Key) where Key.Value == Value {
        self.init(key, store: UserDefaults.standard)
    }
}
