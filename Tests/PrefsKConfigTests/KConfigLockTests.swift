import Foundation
import PrefsKit
import PrefsStoreKit
import PrefsTestHelpers
import SystemPackage
import Testing

@testable import PrefsKConfig

/// KDE's `<file>.lock` (a `QLockFile`), taken by `prefs` as Qt takes it: a held lock makes a write wait and then fail
/// naming its holder, a stale one is removed, and a KDE program waits for a lock `prefs` holds.
@Suite(.needs(.kreadconfig5, .kwriteconfig5)) struct KConfigLockTests {
    /// The program this test runs as, as Qt reads it from `/proc/PID/exe`.
    static let program =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        .map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"

    @Test func aHeldLockMakesAWriteWaitThenFailNamingItsHolder() throws {
        let kde = try KDEFixture()
        let store = kde.store(lockTimeout: .milliseconds(300))
        try kde.write("heldrc", "[G]\nk=old\n")
        let lock = kde.url("heldrc.lock")
        let pid = ProcessInfo.processInfo.processIdentifier
        try Data("\(pid)\n\(Self.program)\n\(ProcessInfo.processInfo.hostName)\n".utf8).write(to: lock)
        // Held as Qt holds it: with flock too.
        let descriptor = try FileDescriptor.open(FilePath(lock.path), .readOnly)
        defer { try? descriptor.close() }
        #expect(flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0)
        let suite = try store.suite("heldrc")
        #expect {
            try suite.commit(["G/k": .string("new")])
        } throws: { error in
            guard case KConfigStoreError.lockTimeout(_, let holder) = error else { return false }
            return holder == "\(Self.program) (process \(pid) on \(ProcessInfo.processInfo.hostName))"
        }
        #expect(kde.text("heldrc") == "[G]\nk=old\n")
        #expect(FileManager.default.fileExists(atPath: lock.path), "another's lock is never removed")
        try descriptor.close()
        try FileManager.default.removeItem(at: lock)
        try suite.commit(["G/k": .string("new")])
        #expect(kde.text("heldrc") == "[G]\nk=new\n")
        #expect(!FileManager.default.fileExists(atPath: lock.path), "the lock goes with the write")
    }

    @Test func aLockOfAProcessThatIsGoneIsRemoved() throws {
        let kde = try KDEFixture()
        let store = kde.store(lockTimeout: .seconds(20))
        let gone = try ChildProcess.run("/bin/true", [])
        try Data("\(gone.pid)\ntrue\n\(ProcessInfo.processInfo.hostName)\n".utf8).write(to: kde.url("stalerc.lock"))
        try store.suite("stalerc").commit(["G/k": .string("v")])
        #expect(kde.text("stalerc") == "[G]\nk=v\n")
        #expect(!FileManager.default.fileExists(atPath: kde.url("stalerc.lock").path))
    }

    @Test func kwriteconfigWaitsForTheLockPrefsHolds() throws {
        let kde = try KDEFixture()
        try kde.write("sharedrc", "[G]\nk=prefs\n")
        let lock = QtLockFile(path: FilePath(kde.url("sharedrc.lock").path))
        let writer = try lock.withLock(timeout: .seconds(5)) {
            let writer = try RunningChild(
                "/usr/bin/kwriteconfig5", ["--file", "sharedrc", "--group", "G", "--key", "k", "kde"],
                environment: kde.environment)
            // Qt takes a live holder's lock as held and tries again until it is free: the file is not written while
            // prefs holds it. Watched for half a second, long beside the milliseconds kwriteconfig5 needs when free.
            let wrote = eventually(timeout: .milliseconds(500)) { kde.text("sharedrc") != "[G]\nk=prefs\n" }
            #expect(!wrote, "kwriteconfig5 wrote while prefs held the lock")
            #expect(!writer.hasExited)
            return writer
        }
        #expect(writer.wait() == 0)
        #expect(kde.text("sharedrc") == "[G]\nk=kde\n")
    }
}
