import BenchmarkSupport
import Foundation
import PrefsFileStore
import PrefsKit

extension PersistentKeyProtocol where Self == PersistentKey<String> {
    static var benchmarkName: Self { Self("key-50", defaultValue: "") }
}

/// A file-store suite and a UserDefaults suite holding the same keys, in a fresh temporary directory.
final class SideBySide: @unchecked Sendable {
    let directory: URL
    let store: FileStore
    let suite: FileSuite
    let defaults: UserDefaults
    let defaultsPath: String
    /// A value that changes at every write, so that no write is skipped as a no-op.
    var counter = 0

    init(keys: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none)
        suite = try store.suite("bench")
        defaultsPath = directory.appendingPathComponent("defaults").path
        guard let defaults = UserDefaults(suiteName: defaultsPath) else { throw CocoaError(.fileNoSuchFile) }
        self.defaults = defaults
        var values: [String: PropertyListValue?] = [:]
        for index in 0..<keys {
            values["key-\(index)"] = .string("value \(index)")
            defaults.set("value \(index)", forKey: "key-\(index)")
        }
        try suite.commit(values)
        defaults.synchronize()
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A suite whose one value is 200,000 pairs of `<&`, which the file holds as 400,000 entities.
final class EntitySuite: Sendable {
    let directory: URL
    let journal: URL
    let file: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        journal = directory.appendingPathComponent("journal")
        file = directory.appendingPathComponent("entities.plist")
        try PropertyListDocument.xml(["text": .string(String(repeating: "<&", count: 200_000))]).write(to: file)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
