import Foundation
import PrefsKit

/// The app's colour theme (seed 003).
enum Theme: String, CaseIterable, KeyValuePersistible {
    case light
    case dark
    case black

    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Theme> {
    static var theme: Self {
        Self("theme", defaultValue: .light, summary: "Colour theme", description: "The theme every window is drawn in.")
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Int> {
    static var launchCount: Self {
        Self("launchCount", defaultValue: 0, range: 0...Int.max, summary: "Launches so far")
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Double> {
    static var fontScale: Self {
        Self("fontScale", defaultValue: 1, range: 0.5...3, summary: "Text size, relative to the system's")
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool> {
    static var showsWelcomeTips: Self {
        Self("showsWelcomeTips", defaultValue: true, summary: "Show tips at launch")
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Date?> {
    static var lastLaunchDate: Self {
        Self("lastLaunchDate", defaultValue: nil, summary: "When the app last started")
    }
}

extension PersistentKeyProtocol where Self == PersistentDebugKey<Bool> {
    static var experimentalSearch: Self {
        Self(
            "experimentalSearch", debugDefaultValue: true, releaseDefaultValue: false,
            summary: "Use the experimental search engine", description: "Can be switched on in debug builds only.")
    }
}

/// Every key the demo declares, in the order it shows them.
enum ThemeSettings {
    static let suiteName = "com.example.theme-demo"

    static var keys: [any PersistentKeyProtocol] {
        [
            PersistentKey.theme, PersistentKey.launchCount, PersistentKey.fontScale, PersistentKey.showsWelcomeTips,
            PersistentKey.lastLaunchDate, PersistentDebugKey.experimentalSearch,
        ]
    }

    static func schema() throws(PreferenceSchemaError) -> PreferenceSchema {
        try PreferenceSchema(suite: suiteName, keys: keys)
    }
}
