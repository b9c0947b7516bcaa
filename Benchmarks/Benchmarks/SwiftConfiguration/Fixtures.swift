import BenchmarkSupport
import Configuration
import Foundation
import PrefsConfiguration
import PrefsFileStore
import PrefsKit

/// The same integer keys in a file suite read through `PrefsProvider` and in an `InMemoryProvider`.
final class ReadFixture: Sendable {
    let directory: URL
    let prefs: ConfigReader
    let memory: ConfigReader

    init(keys: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none)
        let suite = try store.suite("bench")
        try suite.commit(Dictionary(uniqueKeysWithValues: (0..<keys).map { ("key-\($0)", .int($0)) }))
        prefs = ConfigReader(provider: PrefsProvider(suite: suite))
        memory = ConfigReader(
            provider: InMemoryProvider(
                values: Dictionary(
                    uniqueKeysWithValues: (0..<keys).map {
                        (AbsoluteConfigKey(["key-\($0)"]), .init(.int($0), isSecret: false))
                    })))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
