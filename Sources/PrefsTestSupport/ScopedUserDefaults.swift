public import Foundation

/// A `UserDefaults` suite that exists only for one test, so tests neither see each other's values nor leave any
/// behind (seed 003's "cleared instance").
///
/// ```swift
/// @Test func changingTheme() throws {
///     let scope = try ScopedUserDefaults()
///     let controller = ThemeController(defaults: scope.defaults)
///     #expect(controller.currentTheme == .light)
///     controller.changeTheme(to: .dark)
///     #expect(controller.currentTheme == .dark)
/// }
/// ```
///
/// - Important: Keep the scope, not just its `defaults`, for the whole test: releasing it removes the suite, and a
///   later write through the still-living `UserDefaults` would recreate the file outside any scope.
///
/// On Linux the suite is a property list in a fresh temporary directory, which Foundation supports by taking an
/// absolute path as the suite name, so nothing touches the user's `~/.config`. Where that is not possible (Apple
/// platforms) the suite gets a unique name and its persistent domain is removed afterwards.
public final class ScopedUserDefaults: @unchecked Sendable {
    /// The suite.
    ///
    /// `UserDefaults` is thread-safe, which is why the scope can be shared with child tasks.
    public let defaults: UserDefaults
    /// The name the suite was opened with.
    public let suiteName: String
    /// The directory holding the suite on Linux.
    public let directory: TemporaryDirectory

    /// Creates a fresh, empty suite named after the test.
    ///
    /// - Parameters:
    ///   - function: The test's name, used in the suite's name so that a leftover file says where it came from.
    ///   - fileID: The test's file.
    /// - Throws: ``ScopedStoreError`` when the suite cannot be created.
    public init(function: String = #function, fileID: String = #fileID) throws {
        directory = try TemporaryDirectory()
        let testName = Self.sanitized("\(fileID).\(function)")
        #if os(Linux)
        suiteName = directory.url.appendingPathComponent(testName).path
        #else
        suiteName = "prefs.test.\(testName).\(UUID().uuidString)"
        #endif
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            throw ScopedStoreError(message: "cannot open suite \(suiteName)")
        }
        defaults.removePersistentDomain(forName: suiteName)
        self.defaults = defaults
    }

    /// The property list file the suite is written to, on Linux.
    public var fileURL: URL {
        URL(fileURLWithPath: suiteName + ".plist")
    }

    deinit {
        defaults.removePersistentDomain(forName: suiteName)
        directory.remove()
    }

    private static func sanitized(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}

/// Why a scoped store could not be set up.
public struct ScopedStoreError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    public var description: String { message }
}
