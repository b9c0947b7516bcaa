import Foundation
import PrefsKit
import PrefsTestSupport
import Testing

/// The behaviour seed 001's README promises for its examples.
@Suite struct Seed001ExampleTests {
    @Test func quickStart() throws {
        let scope = try ScopedUserDefaults()
        defer { withExtendedLifetime(scope) {} }
        let userDefaults = scope.defaults
        #expect(userDefaults.get(.runtimeColorScheme) == .system)
        userDefaults.set(.runtimeColorScheme, to: .dark)
        #expect(userDefaults.get(.runtimeColorScheme) == .dark)
        #expect(userDefaults.string(forKey: "RuntimeColorScheme") == "dark")
        // The seed's view reads the standard defaults through the same key; pointed at this suite, it sees the write.
        #expect(SettingsView().$runtimeColorScheme.store as? UserDefaults === UserDefaults.standard)
        #expect(SettingsView().$runtimeColorScheme.key.id == "RuntimeColorScheme")
        #expect(PersistentValue(.runtimeColorScheme, store: userDefaults).wrappedValue == .dark)
    }

    @Test func staticAndDynamicKeys() throws {
        let scope = try ScopedUserDefaults()
        defer { withExtendedLifetime(scope) {} }
        let userDefaults = scope.defaults
        let listID = "inbox"
        #expect(userDefaults.get(.mostRecentLaunchDate) == .distantPast)
        userDefaults.set(.mostRecentLaunchDate, to: .now)
        #expect(userDefaults.get(.mostRecentLaunchDate) > .distantPast)
        #expect(userDefaults.get(.selectedLayoutID(forListID: listID)) == nil)
        userDefaults.set(.selectedLayoutID(forListID: listID), to: "grid")
        if let layoutID = userDefaults.get(.selectedLayoutID(forListID: listID)) {
            #expect(layoutID == "grid")
        } else {
            Issue.record("the layout was not stored")
        }
        #expect(userDefaults.string(forKey: "inbox::SelectedLayoutID") == "grid")
    }

    @Test func debugKeys() throws {
        let scope = try ScopedUserDefaults()
        defer { withExtendedLifetime(scope) {} }
        let userDefaults = scope.defaults
        userDefaults.set(.isAppStoreRatingEnabled, to: false)
        #if DEBUG
        #expect(userDefaults.get(.isAppStoreRatingEnabled) == false)
        #else
        #expect(userDefaults.get(.isAppStoreRatingEnabled) == true)
        #endif
        #expect(RatingSettings().$isAppStoreRatingEnabled.store as? UserDefaults === UserDefaults.standard)
        let rating = PersistentValue(.isAppStoreRatingEnabled, store: userDefaults)
        #if DEBUG
        #expect(rating.wrappedValue == false)
        #else
        #expect(rating.wrappedValue == true)
        #endif
    }

    @Test func representations() throws {
        let store = InMemoryPersistentKeyValueStore()
        let contact = Contact(nickname: "Kyle", dateOfBirth: Date(timeIntervalSince1970: 0))
        store.set(PersistentKey("contact", defaultValue: contact), to: contact)
        #expect(
            store.get(PersistentKey("contact", defaultValue: Contact(nickname: "", dateOfBirth: .now))).nickname
                == "Kyle")
        guard case .data = store.primitiveValue(forKey: "contact") else {
            Issue.record("a Contact is persisted as Data")
            return
        }
        store.set(PersistentKey("frequency", defaultValue: NotificationFrequency.daily), to: .weekly)
        #expect(store.primitiveValue(forKey: "frequency") == .string("weekly"))
        store.set(PersistentKey("initial", defaultValue: Character("a")), to: "é")
        #expect(store.primitiveValue(forKey: "initial") == .string("é"))
        store.set(PersistentKey("size", defaultValue: UIContentSizeCategory.large), to: .large)
        #expect(store.primitiveValue(forKey: "size") == .string("UICTContentSizeCategoryL"))
        store.set(
            PersistentKey("stamp", defaultValue: TimeStamp(timeIntervalSinceReferenceDate: 0)),
            to: TimeStamp(timeIntervalSinceReferenceDate: 12.5))
        #expect(store.primitiveValue(forKey: "stamp") == .double(12.5))
        let reviewed = Date(timeIntervalSince1970: 1_600_000_000)
        store.set(.mostRecentAppStoreReviewRequestDate, to: reviewed)
        #expect(store.primitiveValue(forKey: "MostRecentAppStoreReviewRequestDate") == .string("2020-09-13T12:26:40Z"))
        #expect(store.get(.mostRecentAppStoreReviewRequestDate) == reviewed)
    }

    @Test func registrationServesPlainUserDefaultsCode() throws {
        let scope = try ScopedUserDefaults()
        defer { withExtendedLifetime(scope) {} }
        let userDefaults = scope.defaults
        #expect(userDefaults.object(forKey: "LaunchCount") == nil)
        userDefaults.register(.launchCount)
        #expect(userDefaults.integer(forKey: "LaunchCount") == 1)
        #expect(userDefaults.get(.launchCount) == 1)
    }

    @Test func noImplicitDefaults() throws {
        let scope = try ScopedUserDefaults()
        defer { withExtendedLifetime(scope) {} }
        let userDefaults = scope.defaults
        #expect(userDefaults.get(OptionalPushNotifications.key) == nil)
        #expect(userDefaults.get(RequiredPushNotifications.key) == true)
        userDefaults.set(OptionalPushNotifications.key, to: false)
        #expect(userDefaults.get(OptionalPushNotifications.key) == false)
        #expect(userDefaults.get(RequiredPushNotifications.key) == false)
    }
}
