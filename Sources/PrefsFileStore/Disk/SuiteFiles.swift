import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// The files of one suite: the property list, the lock file beside it that is never replaced, the staging file a
/// write is prepared in, and the version the last swap replaced.
///
/// The lock is a separate file because every write renames a new property list into place: a lock held on the old
/// inode would not exclude a writer that opens the new one.
///
/// Everything here assumes the directory is shared with programs that take no lock: a plain `UserDefaults` app
/// rewrites the property list in place (truncate, then write), a person may leave a FIFO or a link under any of these
/// names, and in a shared directory another user may have created them. Reads therefore open only regular files,
/// without blocking, up to ``maximumFileSize``, and read an empty or torn file again until it settles (see
/// ``readSettled(previous:restoring:keepingBytes:)``); writes never follow a link or reuse a file they cannot prove is theirs.
struct SuiteFiles: Sendable {
    /// The largest suite file read; a preferences file beyond this is refused rather than read into memory.
    static let maximumFileSize = 64 * 1024 * 1024
    /// How long an empty or undecodable file is read again, in case another program is rewriting it in place,
    /// before it is believed: the pauses between attempts, in milliseconds (about a second in all).
    ///
    /// A quarter of a second was too short beside a busy `UserDefaults` app: one `prefs write` in about 1,500 here
    /// (idle: most rewrites settle within 2 ms, some took 30) and about 5 in 3,000 in CI found the file still empty
    /// and was refused. A file that really is empty or damaged is refused a second later than before, no more.
    static let settlingPauses: [UInt32] = [2, 4, 8, 16, 32, 64, 128, 256, 512]

    let directory: FilePath
    let name: SuiteName
    let plist: FilePath
    let lock: FilePath
    /// Where a writer prepares the next version.
    ///
    /// It is only ever a write in progress: one a writer killed before its swap left is never taken for anything, and
    /// is removed once the suite is found valid under the lock.
    let staging: FilePath
    /// The version the last swap replaced: the committed previous one, which only an explicit recovery restores.
    let previous: FilePath
    /// The pauses of ``readSettled(previous:underLock:keepingBytes:)``: ``settlingPauses`` but in a fuzzer.
    let pauses: [UInt32]

    /// A version of the property list as read.
    struct Version {
        let image: SuiteImage
        /// The keys whose entries were decoded, or `nil` when all were.
        let touched: [String]?
    }

    init(directory: FilePath, name: SuiteName, settlingPauses: [UInt32] = Self.settlingPauses) {
        self.directory = directory
        pauses = settlingPauses
        self.name = name
        plist = directory.appending("\(name.rawValue).plist")
        lock = SuiteLock(suite: name, in: directory).lock
        staging = directory.appending(".\(name.rawValue).plist.new")
        previous = directory.appending(".\(name.rawValue).plist.previous")
    }

    // MARK: - Reading

    /// Reads and decodes the property list once, as it is at this moment.
    ///
    /// - Parameters:
    ///   - previous: The version last read, so that only the entries that differ from it are decoded.
    ///   - keepingBytes: Whether the version must hold the file's bytes, as one about to be written over does; a
    ///     slimmed `previous` is otherwise returned as it is when the file has not changed.
    /// - Returns: The version read, or `nil` when there is no file.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode, and
    ///   ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)`` when it cannot be read.
    func read(previous: SuiteImage?, keepingBytes: Bool = false) throws(FileStoreError) -> Version? {
        if let previous, previous.bytes == nil, !keepingBytes, let fingerprint = previous.fingerprint {
            switch try readContents(plist, unlessItMatches: fingerprint) {
            case nil: return nil
            case .unchanged: return Version(image: previous, touched: [])
            case .changed(let bytes): return try decode(consume bytes, previous: previous, slimming: true)
            }
        }
        guard let bytes = try readBytes(plist, followingLinks: true) else { return nil }
        return try decode(consume bytes, previous: previous, slimming: !keepingBytes)
    }

    /// Reads the property list, reading an empty or undecodable file again for a moment before believing it.
    ///
    /// Foundation's `UserDefaults` on Linux rewrites a suite in place, so for a moment the file is empty or holds only
    /// its beginning; believing that moment would make a writer drop every key, or refuse a good file as corrupt.
    /// Only once it has stayed empty or undecodable for the settling time (``settlingPauses``) is it believed, and
    /// then reported: a file of no bytes is no property list (Foundation writes `<dict/>` for an empty suite), but what
    /// a truncation or a power loss leaves. Nothing is restored or moved here; that takes an explicit recovery.
    ///
    /// - Parameters:
    ///   - previous: The version last read, so that only the entries that differ from it are decoded.
    ///   - underLock: Whether the caller holds the exclusive lock, so that a staging file a killed writer left can be
    ///     removed once the suite is found valid.
    ///   - keepingBytes: Whether the version must hold the file's bytes, as one a write splices into does.
    /// - Returns: The version read, or `nil` when there is no file.
    /// - Throws: As ``read(previous:keepingBytes:)`` does, once the file has settled, and
    ///   ``/PrefsStoreKit/FileStoreError/corrupt(suite:path:reason:)`` for a file that stays empty.
    func readSettled(previous: SuiteImage?, underLock: Bool, keepingBytes: Bool = false) throws(FileStoreError)
        -> Version?
    {
        var pauses = self.pauses[...]
        while true {
            let failure: FileStoreError
            do throws(FileStoreError) {
                let version = try read(previous: previous, keepingBytes: keepingBytes)
                guard let version, version.image.isEmptyFile else {
                    if underLock { removeLeftoverStaging() }
                    return version
                }
                failure = .corrupt(suite: name.rawValue, path: plist.string, reason: "the file is empty")
            } catch .corrupt(let suite, let path, let reason) {
                failure = .corrupt(suite: suite, path: path, reason: reason)
            } catch {
                throw error
            }
            if let pause = pauses.popFirst() {
                Syscall.sleep(microseconds: pause * 1000)
                continue
            }
            throw failure
        }
    }

    /// Decodes the file read, re-reading only what changed since `previous`.
    ///
    /// - Parameters:
    ///   - bytes: The file, handed over so that a slimmed image can release it early.
    ///   - previous: The version last read.
    ///   - slimming: Whether a large file read whole may be kept as fingerprints (see
    ///     ``SuiteImage/init(decoding:slimming:)``).
    /// - Returns: The version read.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode.
    func decode(_ bytes: consuming [UInt8], previous: SuiteImage?, slimming: Bool = false) throws(FileStoreError)
        -> Version
    {
        do throws(PropertyListCodec.DecodeFailure) {
            if let previous {
                let (image, touched) = try previous.reading(consume bytes, slimming: slimming)
                return Version(image: image, touched: touched)
            }
            return Version(image: try SuiteImage(decoding: consume bytes, slimming: slimming), touched: nil)
        } catch {
            throw FileStoreError.corrupt(suite: name.rawValue, path: plist.string, reason: error.reason)
        }
    }

    func unreadable(_ path: FilePath, _ reason: String) -> FileStoreError {
        .unreadable(suite: name.rawValue, path: path.string, reason: reason)
    }

    /// The suite's lock, which every writer holds (``SuiteLock``).
    var suiteLock: SuiteLock { SuiteLock(suite: name, in: directory) }

    /// Runs `body` holding the suite's lock (``SuiteLock/withLock(exclusive:timeout:whileOthersWrite:_:)``).
    func withLock<Result>(
        exclusive: Bool, timeout: Duration, whileOthersWrite: Bool = false,
        _ body: () throws(FileStoreError) -> Result
    ) throws(FileStoreError) -> Result {
        try suiteLock.withLock(exclusive: exclusive, timeout: timeout, whileOthersWrite: whileOthersWrite, body)
    }
}
