import Foundation
package import PrefsKit

/// The keys the conformance suites write, one of each kind of value a store must hold.
///
/// The value types are `package`, so that the package's own tests use the same ones.
package enum ConformanceKeys {
    /// A CaseIterable enumeration stored as its raw string.
    package enum Flavor: String, CaseIterable, Codable, KeyValuePersistible {
        case vanilla, chocolate, strawberry

        package static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
            RawRepresentablePersistentKeyValueRepresentation()
        }
    }

    /// A Codable value stored as JSON data.
    package struct Profile: Codable, Hashable, Sendable, KeyValuePersistible {
        package var name: String
        package var age: Int
        package var tags: [String]

        package init(name: String, age: Int, tags: [String]) {
            self.name = name
            self.age = age
            self.tags = tags
        }

        package static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
            CodablePersistentKeyValueRepresentation()
        }
    }

    static let counter = PersistentKey("counter", defaultValue: 0)
    static let ratio = PersistentKey("ratio", defaultValue: 0.5)
    static let isEnabled = PersistentKey("isEnabled", defaultValue: true)
    static let optIn = PersistentKey<Bool?>("optIn", defaultValue: nil)
    static let name = PersistentKey("name", defaultValue: "anonymous")
    static let flavor = PersistentKey("flavor", defaultValue: Flavor.vanilla)
    static let profile = PersistentKey("profile", defaultValue: Profile(name: "none", age: 0, tags: []))
    static let recents = PersistentKey<[String]>("recents", defaultValue: [])
    static let scores = PersistentKey<[String: Int]>("scores", defaultValue: [:])
    static let started = PersistentKey("started", defaultValue: Date(timeIntervalSince1970: 0))
}

/// What every store's change says, whatever else a store adds (suite, origin, writer).
struct ChangeEssence: Equatable {
    let key: String
    let old: PropertyListValue?
    let new: PropertyListValue?

    init(key: String, old: PropertyListValue?, new: PropertyListValue?) {
        self.key = key
        self.old = old
        self.new = new
    }

    init(_ change: PersistentKeyValueChange) {
        self.init(key: change.key, old: change.oldValue, new: change.newValue)
    }
}
