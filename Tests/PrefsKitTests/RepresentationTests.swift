import Foundation
import PrefsKit
import PrefsTestHelpers
import PropertyBased
import Testing

/// Encodes a value through its type's representation and decodes it back.
private func roundTrip<Value: KeyValuePersistible>(_ value: Value) throws -> Value {
    let representation = Value.persistentKeyValueRepresentation
    let stored = try #require(try representation.encode(value))
    #expect(representation.descriptor.storage.accepts(stored.kind))
    return try representation.decode(stored)
}

/// Strings of arbitrary Unicode scalars, control characters included.
private let anyString = Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map(Character.init).string(
    of: 0...24)

@Suite struct RepresentationTests {
    @Test func primitivesRoundTrip() async throws {
        await propertyCheck(input: Gen.int(in: Int.min...Int.max)) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen.double(in: -1e300...1e300)) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen.float(in: -1e30...1e30)) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen.bool) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: anyString) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen<UInt8>.value(in: 0...255).array(of: 0...40)) { bytes throws in
            #expect(try roundTrip(Data(bytes)) == Data(bytes))
        }
        await propertyCheck(input: Gen.dateTime(inYear: 1900...2200)) { date throws in
            #expect(try roundTrip(date) == date)
        }
    }

    @Test func collectionsAndOptionalsRoundTrip() async throws {
        await propertyCheck(input: anyString.array(of: 0...8)) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen.int(in: -1000...1000).array(of: 0...5).array(of: 0...4)) { value throws in
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(
            input: zip(Gen.letterOrNumber.string(of: 1...6).array(of: 0...6), Gen.int(in: -9...9).array(of: 6))
        ) { keys, numbers throws in
            let value = Dictionary(zip(keys, numbers), uniquingKeysWith: { first, _ in first })
            #expect(try roundTrip(value) == value)
        }
        await propertyCheck(input: Gen.int(in: -5...5).optional) { value throws in
            let representation = Int?.persistentKeyValueRepresentation
            let stored = try representation.encode(value)
            #expect((stored == nil) == (value == nil))
            if let stored { #expect(try representation.decode(stored) == value) }
        }
    }

    @Test func enumerationsRoundTripAsTheirRawValues() async throws {
        await propertyCheck(input: Gen<Flavor>.case) { flavor throws in
            #expect(try roundTrip(flavor) == flavor)
            #expect(try Flavor.persistentKeyValueRepresentation.encode(flavor) == .string(flavor.rawValue))
        }
        #expect(try Priority.persistentKeyValueRepresentation.encode(.high) == .int(5))
        let descriptor = Flavor.persistentKeyValueRepresentation.descriptor
        #expect(descriptor.kind == .enum)
        #expect(descriptor.choices == [.string("vanilla"), .string("chocolate"), .string("strawberry")])
        #expect(Priority.persistentKeyValueRepresentation.descriptor.choices == [.int(1), .int(5)])
    }

    @Test func codableValuesRoundTripAsSortedJSONData() async throws {
        let profiles = zip(anyString, Gen.int(in: 0...150), Gen.letterOrNumber.string(of: 0...5).array(of: 0...3))
            .map { Profile(name: $0, age: $1, tags: $2) }
        await propertyCheck(input: profiles) { profile throws in
            #expect(try roundTrip(profile) == profile)
        }
        let stored = try Profile.persistentKeyValueRepresentation.encode(Profile(name: "Ada", age: 36, tags: ["x"]))
        #expect(stored == .data(Data(#"{"age":36,"name":"Ada","tags":["x"]}"#.utf8)))
        #expect(Profile.persistentKeyValueRepresentation.descriptor.kind == .codable)
    }

    @Test func codableRepresentationTakesAnyEncoderAndDecoder() throws {
        let representation = CodablePersistentKeyValueRepresentation<Profile, PropertyListEncoder, PropertyListDecoder>(
            encoder: PropertyListEncoder(), decoder: PropertyListDecoder())
        let profile = Profile(name: "Grace", age: 85, tags: ["navy", "cobol"])
        let stored = try #require(try representation.encode(profile))
        guard case .data(let data) = stored else { throw CocoaError(.coderInvalidValue) }
        #expect(String(decoding: data.prefix(6), as: UTF8.self) == "bplist")
        #expect(try representation.decode(stored) == profile)
    }

    @Test func proxiesAndLosslessStringsRoundTrip() async throws {
        await propertyCheck(input: Gen.double(in: -273...1000)) { celsius throws in
            #expect(try roundTrip(Temperature(celsius: celsius)) == Temperature(celsius: celsius))
            #expect(
                try Temperature.persistentKeyValueRepresentation.encode(Temperature(celsius: celsius))
                    == .double(celsius))
        }
        await propertyCheck(input: Gen.int(in: 0...99), Gen.int(in: 0...99)) { major, minor throws in
            let version = Version(major: major, minor: minor)
            #expect(try roundTrip(version) == version)
            #expect(try Version.persistentKeyValueRepresentation.encode(version) == .string("\(major).\(minor)"))
        }
        #expect(try roundTrip(URL(string: "https://example.com/a?b=c")) == URL(string: "https://example.com/a?b=c"))
    }

    @Test func aKeyCanStoreItsValueThroughItsOwnRepresentation() throws {
        let key = PersistentKey<Date?>(
            "reviewed", defaultValue: nil,
            representation: ProxyPersistentKeyValueRepresentation(
                to: { date in date.ISO8601Format() }, from: { string in try? Date.ISO8601FormatStyle().parse(string) }))
        let store = InMemoryPersistentKeyValueStore()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        store.set(key, to: date)
        #expect(store.primitiveValue(forKey: "reviewed") == .string("2023-11-14T22:13:20Z"))
        #expect(store.get(key) == date)
        store.set(key, to: nil)
        #expect(store.primitiveValue(forKey: "reviewed") == nil)
        #expect(key.representation.descriptor.isOptional)
    }
}
