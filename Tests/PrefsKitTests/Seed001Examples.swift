// The examples of seed 001 (PersistentKeyValueKit's README), as written there. Three differ, for reasons the README
// states: SwiftUI views and NSUbiquitousKeyValueStore do not exist on Linux, so views are plain structs and the
// iCloud lines use a UserDefaults suite; Date is already persistible in PrefsKit (as a native property-list date), so
// its proxy example is shown on a type of our own; and Character's conformance is `public`, which Swift requires of
// any module that conforms a public standard-library type to a public protocol.

import Foundation
import PrefsKit

enum RuntimeColorScheme: String {
    case dark
    case light
    case system
}

extension RuntimeColorScheme: KeyValuePersistible {
    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<RuntimeColorScheme> {
    static var runtimeColorScheme: Self {
        Self("RuntimeColorScheme", defaultValue: .system)
    }
}

struct SettingsView {
    @PersistentValue(.runtimeColorScheme)
    var runtimeColorScheme
}

extension PersistentKeyProtocol where Self == PersistentKey<Date> {
    static var mostRecentLaunchDate: Self {
        Self("MostRecentLaunchDate", defaultValue: .distantPast)
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<String?> {
    static func selectedLayoutID(forListID listID: String) -> Self {
        Self("\(listID)::SelectedLayoutID", defaultValue: nil)
    }
}

extension PersistentKeyProtocol where Self == PersistentDebugKey<Bool> {
    static var isAppStoreRatingEnabled: Self {
        Self(
            "IsAppStoreRatingEnabled",
            debugDefaultValue: false,
            releaseDefaultValue: true
        )
    }
}

/// UIKit's type, stood in for so that the README's conformance compiles as written.
struct UIContentSizeCategory: RawRepresentable, Sendable, Hashable {
    let rawValue: String
    static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
}

extension UIContentSizeCategory: KeyValuePersistible {
    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

/// Stands in for `Date` in the README's proxy example.
struct TimeStamp: Sendable, Hashable {
    var timeIntervalSinceReferenceDate: TimeInterval

    init(timeIntervalSinceReferenceDate: TimeInterval) {
        self.timeIntervalSinceReferenceDate = timeIntervalSinceReferenceDate
    }
}

extension TimeStamp: KeyValuePersistible {
    public static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        ProxyPersistentKeyValueRepresentation(
            to: \.timeIntervalSinceReferenceDate,
            from: TimeStamp.init(timeIntervalSinceReferenceDate:)
        )
    }
}

enum NotificationFrequency: String {
    case daily
    case weekly
    case monthly
}
extension NotificationFrequency: KeyValuePersistible {
    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        RawRepresentablePersistentKeyValueRepresentation()
    }
}

struct Contact: Codable, Sendable {
    let nickname: String
    let dateOfBirth: Date
}
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension Contact: KeyValuePersistible {
    static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        CodablePersistentKeyValueRepresentation()
    }
}

extension Character: KeyValuePersistible {
    public static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
        LosslessStringConvertiblePersistentKeyValueRepresentation()
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<Date?> {
    static var mostRecentAppStoreReviewRequestDate: Self {
        Self(
            "MostRecentAppStoreReviewRequestDate",
            defaultValue: nil,
            representation: ProxyPersistentKeyValueRepresentation(
                to: { date in date.ISO8601Format() },
                from: { string in try? Date.ISO8601FormatStyle().parse(string) }
            )
        )
    }
}

struct RatingSettings {
    @PersistentValue(.isAppStoreRatingEnabled)
    var isAppStoreRatingEnabled: Bool
}

extension PersistentKeyProtocol where Self == PersistentKey<Int> {
    static var launchCount: Self {
        Self("LaunchCount", defaultValue: 1)
    }
}

enum OptionalPushNotifications {
    static var key: PersistentKey<Bool?> { .arePushNotificationsEnabled }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool?> {
    static var arePushNotificationsEnabled: Self {
        Self("ArePushNotificationsEnabled", defaultValue: nil)
    }
}

enum RequiredPushNotifications {
    static var key: PersistentKey<Bool> { .arePushNotificationsEnabled }
}

extension PersistentKeyProtocol where Self == PersistentKey<Bool> {
    static var arePushNotificationsEnabled: Self {
        Self("ArePushNotificationsEnabled", defaultValue: true)
    }
}
