import Foundation
import PrefsKit

/// A CaseIterable enumeration stored as its raw string.
enum Flavor: String, CaseIterable, Codable, KeyValuePersistible {
    case vanilla
    case chocolate
    case strawberry

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

/// An enumeration with integer raw values.
enum Priority: Int, CaseIterable, KeyValuePersistible {
    case low = 1
    case high = 5

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

/// A Codable value stored as JSON data.
struct Profile: Codable, Hashable, Sendable, KeyValuePersistible {
    var name: String
    var age: Int
    var tags: [String]

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        CodablePersistentKeyValueRepresentation()
    }
}

/// A value stored through a proxy: a temperature kept as its Celsius value.
struct Temperature: Hashable, Sendable, KeyValuePersistible {
    var celsius: Double

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        ProxyPersistentKeyValueRepresentation(to: \.celsius, from: { Temperature(celsius: $0) })
    }
}

/// A LosslessStringConvertible value stored as its description.
struct Version: LosslessStringConvertible, Hashable, Sendable, KeyValuePersistible {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    var description: String { "\(major).\(minor)" }

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        LosslessStringConvertiblePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Flavor> {
    static var flavor: Self { Self("flavor", defaultValue: .vanilla, summary: "Ice cream flavour") }
}

extension PersistentKeyProtocol where Self == PersistentKey<Int> {
    static var volume: Self { Self("volume", defaultValue: 5, range: 0...10, summary: "Speaker volume") }
    static var counter: Self { Self("counter", defaultValue: 0) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Double> {
    static var ratio: Self { Self("ratio", defaultValue: 0.5, range: 0...1) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool> {
    static var isEnabled: Self { Self("isEnabled", defaultValue: true) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool?> {
    static var optIn: Self { Self("optIn", defaultValue: nil) }
}

extension PersistentKeyProtocol where Self == PersistentKey<String> {
    static var name: Self { Self("name", defaultValue: "anonymous", description: "The user's display name.") }
}

extension PersistentKeyProtocol where Self == PersistentKey<Profile> {
    static var profile: Self { Self("profile", defaultValue: Profile(name: "none", age: 0, tags: [])) }
}

extension PersistentKeyProtocol where Self == PersistentKey<[String]> {
    static var recents: Self { Self("recents", defaultValue: []) }
}

extension PersistentKeyProtocol where Self == PersistentKey<[String: Int]> {
    static var scores: Self { Self("scores", defaultValue: [:]) }
}

extension PersistentKeyProtocol where Self == PersistentKey<Date> {
    static var started: Self { Self("started", defaultValue: Date(timeIntervalSince1970: 0)) }
}
