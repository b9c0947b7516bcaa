import PrefsKit
import PrefsTestSupport
import Testing

@testable import theme_demo

/// Seed 003's mock-free test: a real suite, cleared for this test, checked for its initial state first.
@Suite struct ThemeControllerTests {
    @Test func changingTheme() throws {
        let scope = try ScopedUserDefaults()
        let controller = ThemeController(store: scope.defaults)
        #expect(controller.currentTheme == .light)
        controller.changeTheme(to: .dark)
        #expect(controller.currentTheme == .dark)
        // Stored as the raw value that plain UserDefaults code reads.
        #expect(scope.defaults.string(forKey: "theme") == "dark")
    }

    @Test func eachTestStartsFromAnEmptySuite() throws {
        let scope = try ScopedUserDefaults()
        #expect(ThemeController(store: scope.defaults).currentTheme == .light)
    }

    @Test func theDemoSchemaDescribesItsKeys() throws {
        let schema = try ThemeSettings.schema()
        #expect(schema.suite == "com.example.theme-demo")
        #expect(schema["theme"]?.choices.count == Theme.allCases.count)
        #expect(schema["experimentalSearch"]?.isDebug == true)
        #expect(try PreferenceSchema(manifest: schema.manifest()) == schema)
    }
}
