import Foundation
import PrefsKit
import PrefsTestSupport

/// A CaseIterable enumeration stored as its raw string: the conformance suite's.
package typealias Flavor = ConformanceKeys.Flavor

/// An enumeration with integer raw values.
package enum Priority: Int, CaseIterable, KeyValuePersistible {
    case low = 1
    case high = 5

    package static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

/// A Codable value stored as JSON data: the conformance suite's.
package typealias Profile = ConformanceKeys.Profile

/// A value stored through a proxy: a temperature kept as its Celsius value.
package struct Temperature: Hashable, Sendable, KeyValuePersistible {
    package var celsius: Double

    package init(celsius: Double) { self.celsius = celsius }

    package static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        ProxyPersistentKeyValueRepresentation(to: \.celsius, from: { Temperature(celsius: $0) })
    }
}

/// A LosslessStringConvertible value stored as its description.
package struct Version: LosslessStringConvertible, Hashable, Sendable, KeyValuePersistible {
    package var major: Int
    package var minor: Int

    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    package init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    package var description: String { "\(major).\(minor)" }

    package static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        LosslessStringConvertiblePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Flavor> {
    package static var flavor: Self { Self("flavor", defaultValue: .vanilla, summary: "Ice cream flavour") }
}

extension PersistentKeyProtocol where Self == PersistentKey<Int> {
    package static var volume: Self { Self("volume", defaultValue: 5, range: 0...10, summary: "Speaker volume") }
    package static var counter: Self { Self("counter", defaultValue: 0) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Double> {
    package static var ratio: Self { Self("ratio", defaultValue: 0.5, range: 0...1) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool> {
    package static var isEnabled: Self { Self("isEnabled", defaultValue: true) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool?> {
    package static var optIn: Self { Self("optIn", defaultValue: nil) }
}

extension PersistentKeyProtocol where Self == PersistentKey<String> {
    package static var name: Self { Self("name", defaultValue: "anonymous", description: "The user's display name.") }
}

extension PersistentKeyProtocol where Self == PersistentKey<Profile> {
    package static var profile: Self { Self("profile", defaultValue: Profile(name: "none", age: 0, tags: [])) }
}

extension PersistentKeyProtocol where Self == PersistentKey<[String]> {
    package static var recents: Self { Self("recents", defaultValue: []) }
}

extension PersistentKeyProtocol where Self == PersistentKey<[String: Int]> {
    package static var scores: Self { Self("scores", defaultValue: [:]) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Date> {
    package static var started: Self { Self("started", defaultValue: Date(timeIntervalSince1970: 0)) }
}
