import Foundation
import Synchronization
import Testing

/// Which tests start `prefs` as a process of its own: with `PREFS_TEST_SPAWNS` naming a file, each such test adds
/// its name to it, so that the count the project holds itself to (at most 40 test functions) is measured, not guessed.
package enum SpawnCount {
    private static let lock = Mutex(())

    /// Notes that the current test is about to start `prefs` (or `prefs-postgres`).
    static func record() {
        guard let path = ProcessInfo.processInfo.environment["PREFS_TEST_SPAWNS"], !path.isEmpty,
            let test = Test.current
        else { return }
        let line = Data("\(test.id.moduleName).\(test.id.nameComponents.joined(separator: "."))\n".utf8)
        lock.withLock { _ in
            guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else { return }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: line)
        }
    }

    private static func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
}
