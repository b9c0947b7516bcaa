import Foundation
import PrefsCore

extension UserDefaults {
    /// The keys Foundation's argument domain holds in this process: the `-key value` pairs of its command line.
    ///
    /// Foundation builds the domain once, from the process's arguments, and puts it first in every defaults object's
    /// search list.
    static let argumentDomainKeys = Set(
        UserDefaults.standard.volatileDomain(forName: UserDefaults.argumentDomain).keys)

    /// What this defaults object stores for a key, beneath Foundation's argument domain.
    ///
    /// Foundation answers `object(forKey:)` with the command line's text while `-theme purple` is given, so the value
    /// the suite stores would be hidden, and a read-modify-write (`launchCount += 1` under `-launchCount abc`) would
    /// write the key's default back over it. PrefsKit applies launch arguments itself, typed and checked
    /// (``PersistentKeyValueStore/launchArguments``), so the store reports what lies beneath: the suite's persistent
    /// domain, then the global domain.
    ///
    /// Invariant: for a key the command line does not name, this is exactly `object(forKey:)`. Where the domain's
    /// name cannot be known (Foundation on Darwin keeps it private), it is `object(forKey:)` too.
    ///
    /// - Parameter key: The key.
    /// - Returns: The stored object, or `nil`.
    func storedObject(forKey key: String) -> Any? {
        guard Self.argumentDomainKeys.contains(key), let name = persistentDomainName else { return object(forKey: key) }
        return persistentDomain(forName: name)?[key] ?? persistentDomain(forName: UserDefaults.globalDomain)?[key]
    }

    /// Every stored object, beneath the argument domain (see ``storedObject(forKey:)``).
    func storedObjects() -> [String: Any] {
        var objects = dictionaryRepresentation()
        guard !Self.argumentDomainKeys.isEmpty, persistentDomainName != nil else { return objects }
        for key in Self.argumentDomainKeys { objects[key] = storedObject(forKey: key) }
        return objects
    }

    /// The name of the persistent domain this object reads and writes: its suite, or the application's for the
    /// standard defaults.
    ///
    /// swift-corelibs-foundation keeps the suite in a stored property, `suite`, which is `nil` for the standard
    /// defaults; the name is read through reflection since Foundation has no API for it.
    private var persistentDomainName: String? {
        #if canImport(Darwin)
        return nil
        #else
        guard let member = Mirror(reflecting: self).children.first(where: { $0.label == "suite" }) else { return nil }
        guard case .some(.some(let suite)) = member.value as? String? else {
            return Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        }
        return suite
        #endif
    }
}
