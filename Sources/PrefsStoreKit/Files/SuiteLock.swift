import PrefsSystem
public import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A suite's lock file, which every writer of the suite holds with `flock` while it writes: the file store's own
/// suites, and the journals of stores that keep their values elsewhere.
public struct SuiteLock: Sendable {
    /// The folder holding the lock file.
    public let directory: FilePath
    /// The suite.
    public let name: SuiteName
    /// The lock file.
    public let lock: FilePath
    /// The file whose writers the lock serializes: another writer's change to it restarts the wait.
    public let watched: FilePath

    /// - Parameters:
    ///   - directory: The folder holding the lock file.
    ///   - name: The suite.
    ///   - lock: The lock file.
    ///   - watched: The file whose writers the lock serializes.
    public init(directory: FilePath, name: SuiteName, lock: FilePath, watched: FilePath) {
        (self.directory, self.name, self.lock, self.watched) = (directory, name, lock, watched)
    }

    /// The lock of a suite in a folder, named as every writer names it: `.NAME.plist.lock` beside `NAME.plist`.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - directory: The folder holding its file (or its journal).
    public init(suite name: SuiteName, in directory: FilePath) {
        self.init(
            directory: directory, name: name, lock: directory.appending(".\(name.rawValue).plist.lock"),
            watched: directory.appending("\(name.rawValue).plist"))
    }

    /// Takes the suite's lock, runs `body`, and releases it, waiting at most `timeout` for another process to let go.
    ///
    /// Each call opens its own descriptor, because `flock` locks belong to an open file description: two threads
    /// sharing one descriptor would not exclude each other. The lock file is opened without following links and
    /// without blocking, and must be a regular file, so that nothing planted under its name can hang or redirect the
    /// store. Waiting polls with a growing pause (50 µs up to 10 ms), because `flock` itself has no time limit; the
    /// first pauses are short because a watcher woken by a write usually finds the writer about to let go.
    ///
    /// - Parameters:
    ///   - exclusive: `true` for a writer; `false` for a reader that needs the file and the journal to agree.
    ///   - timeout: How long to wait for the lock.
    ///   - whileOthersWrite: Whether the wait starts again each time the suite file is replaced. A writer among busy
    ///     writers then waits its turn however long the queue, which is progress, and gives up only on a holder that
    ///     keeps the lock without writing: a timeout counted from the first try made writers that lost the race to
    ///     seven others give up with their write unmade.
    ///   - body: The work to do under the lock.
    /// - Returns: What `body` returns.
    /// - Throws: ``FileStoreError/locked(suite:path:holder:seconds:)`` when the lock stays taken, naming the process
    ///   that holds it when the system says; ``FileStoreError/io(path:operation:reason:)`` or
    ///   ``FileStoreError/unsafe(path:reason:)`` when the lock file cannot be used; or what `body` throws.
    public func withLock<Result>(
        exclusive: Bool, timeout: Duration, whileOthersWrite: Bool = false,
        _ body: () throws(FileStoreError) -> Result
    ) throws(FileStoreError) -> Result {
        let descriptor = try openLockFile()
        defer { try? descriptor.close() }
        let clock = ContinuousClock()
        var deadline = clock.now.advanced(by: timeout)
        var lastSeen = whileOthersWrite ? try? FileIdentity.of(watched) : nil
        var pause: UInt32 = 50
        while true {
            let taken: Bool
            do {
                taken = try Syscall.tryFlock(descriptor, exclusive ? .exclusive : .shared)
            } catch {
                throw FileStoreError.io(path: lock.string, operation: "lock", reason: "\(error)")
            }
            if taken { break }
            if whileOthersWrite, let seen = try? FileIdentity.of(watched), seen != lastSeen {
                lastSeen = seen
                deadline = clock.now.advanced(by: timeout)
            }
            guard clock.now < deadline else {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw .locked(
                    suite: name.rawValue, path: lock.string, holder: LockHolders.holder(of: descriptor),
                    seconds: seconds)
            }
            Syscall.sleep(microseconds: pause)
            pause = min(pause * 2, 10_000)
        }
        return try body()
    }

    private func openLockFile() throws(FileStoreError) -> FileDescriptor {
        let descriptor: FileDescriptor
        do {
            // Read-only is enough for flock, and closing a read-only descriptor wakes no directory watcher.
            descriptor = try FileDescriptor.open(
                lock, .readOnly, options: [.create, .noFollow, .nonBlocking, .closeOnExec],
                permissions: [.ownerReadWrite])
        } catch .tooManySymbolicLinkLevels {
            throw .unsafe(path: lock.string, reason: "the lock file is a symbolic link")
        } catch {
            throw .io(path: lock.string, operation: "open the lock file", reason: "\(error)")
        }
        do {
            let status = try descriptor.stat()
            guard status.type == .regular else {
                try? descriptor.close()
                throw FileStoreError.unsafe(
                    path: lock.string, reason: "the lock file is \(FileKinds.describe(status.type))")
            }
            // Root creating the lock in a user's directory gives it to that user, who could not open it otherwise.
            if Syscall.effectiveUserID() == 0, status.userID.rawValue == 0,
                let owner = try? Stat(directory, followTargetSymlink: true), owner.userID.rawValue != 0
            {
                try? Syscall.fchown(descriptor, owner: owner.userID.rawValue, group: owner.groupID.rawValue)
            }
        } catch let error as FileStoreError {
            throw error
        } catch {
            try? descriptor.close()
            throw .io(path: lock.string, operation: "open the lock file", reason: "\(error)")
        }
        return descriptor
    }
}
