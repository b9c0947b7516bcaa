import Foundation
import SystemPackage
import Testing

/// Which tests start `prefs` as a process of its own: with `PREFS_TEST_SPAWNS` naming a file, each such test adds
/// its name to it, so that the count the project holds itself to (at most 40 test functions) is measured, not guessed.
package enum SpawnCount {
    /// Notes that the current test is about to start `prefs` (or `prefs-postgres`).
    ///
    /// The line is appended with `O_APPEND`, so that the test processes the run starts (the GSettings session's)
    /// add theirs to the same file without losing any; a line that cannot be written fails the test, since a count
    /// missing it would be too low.
    static func record() {
        guard let path = ProcessInfo.processInfo.environment["PREFS_TEST_SPAWNS"], !path.isEmpty,
            let test = Test.current
        else { return }
        let line = "\(test.id.moduleName).\(test.id.nameComponents.joined(separator: "."))\n"
        do {
            let file = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.append, .create, .closeOnExec], permissions: .ownerReadWrite)
            try file.closeAfter { _ = try file.writeAll(Array(line.utf8)) }
        } catch {
            Issue.record("cannot add this test to the spawn count in \(path): \(error)")
        }
    }
}
