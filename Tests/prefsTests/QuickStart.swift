// README quick start: begin
import Foundation
import PrefsKit

// 1. Declare a persistible type and its keys once: type, default, documentation.
enum Appearance: String, CaseIterable, KeyValuePersistible {
    case system, light, dark

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Appearance> {
    static var appearance: Self {
        Self("appearance", defaultValue: .system, summary: "Colour scheme")
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Double> {
    static var fontSize: Self {
        Self("fontSize", defaultValue: 13, range: 8...72, summary: "Editor font size")
    }
}

func quickStart(defaults: UserDefaults) async throws {
    // 2. Read and write typed values on any store: UserDefaults here.
    defaults.set(.appearance, to: .dark)
    print(defaults.get(.appearance))  // dark, stored as the string "dark"
    defaults[.fontSize] = 15

    // 3. A value of the wrong type reads as the default, and `inspect` says so.
    defaults.set("huge", forKey: "fontSize")
    print(defaults.get(.fontSize))  // 13.0
    print(defaults.inspect(.fontSize).status)  // stored value "huge" is a string, not a number

    // 4. Watch a key: the current value first, then every change made in this process.
    for await size in defaults.values(for: .fontSize) {
        print(size)  // 13.0
        break
    }

    // 5. Describe the preferences so that other tools can check typed-in values.
    let schema = try PreferenceSchema(
        suite: "com.example.editor", keys: [PersistentKey.appearance, PersistentKey.fontSize])
    do {
        _ = try schema.parse("200", forKey: "fontSize")
    } catch {
        print(error)  // invalid value for "fontSize": 200.0 is out of range 8.0...72.0
    }
}
// README quick start: end
