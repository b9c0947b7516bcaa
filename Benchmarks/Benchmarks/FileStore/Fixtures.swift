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
    /// The same values as a dictionary of Foundation objects: the floor a typed read is measured against.
    let dictionary: [String: Any]
    /// A value that changes at every write, so that no write is skipped as a no-op.
    var counter = 0

    /// Creates the two suites.
    ///
    /// - Parameters:
    ///   - keys: How many keys each holds.
    ///   - layered: Whether the file store also has a system layer setting as many other keys, and a lock file
    ///     locking ten others, as `/etc/xdg` would give it.
    /// - Throws: When the files cannot be written or the suites opened.
    init(keys: Int, layered: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        let system = directory.appendingPathComponent("system")
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        if layered {
            let layer = Dictionary(uniqueKeysWithValues: (0..<keys).map { ("system-\($0)", PropertyListValue.int($0)) })
            try PropertyListDocument.xml(layer).write(to: system.appendingPathComponent("bench.plist"))
            let locks = (0..<10).map { "system-\($0)" }.joined(separator: "\n")
            try Data(locks.utf8).write(to: system.appendingPathComponent("bench.locks"))
        }
        store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none,
            systemDirectories: [system])
        suite = try store.suite("bench")
        defaultsPath = directory.appendingPathComponent("defaults").path
        guard let defaults = UserDefaults(suiteName: defaultsPath) else { throw CocoaError(.fileNoSuchFile) }
        self.defaults = defaults
        var values: [String: PropertyListValue?] = [:]
        var dictionary: [String: Any] = [:]
        for index in 0..<keys {
            values["key-\(index)"] = .string("value \(index)")
            dictionary["key-\(index)"] = "value \(index)"
            defaults.set("value \(index)", forKey: "key-\(index)")
        }
        self.dictionary = dictionary
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
