import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@Suite struct TestSupportTests {
    @Test func aScopedSuiteLeavesNothingBehind() throws {
        var file: URL
        var directory: URL
        do {
            let scope = try ScopedUserDefaults()
            scope.defaults.set(.counter, to: 3)
            file = scope.fileURL
            directory = scope.directory.url
            #if os(Linux)
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(file.path.hasPrefix(directory.path))
            #endif
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        let config = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: config.path)) ?? []
        #expect(!leftovers.contains { $0.contains("TestSupportTests") })
    }

    @Test func scopedSuitesAreIsolatedFromEachOther() throws {
        let first = try ScopedUserDefaults()
        let second = try ScopedUserDefaults()
        first.defaults.set(.flavor, to: .strawberry)
        #expect(second.defaults.get(.flavor) == .vanilla)
        #expect(first.suiteName != second.suiteName)
    }

    @Test func temporaryDirectoriesAreRemovedWhenReleased() throws {
        var path = ""
        do {
            let directory = try TemporaryDirectory()
            path = directory.path
            try Data("x".utf8).write(to: directory.url.appendingPathComponent("f"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
