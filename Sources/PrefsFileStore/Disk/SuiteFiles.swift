import Foundation
import PrefsKit
import SystemPackage

/// The files of one suite: the property list, the lock file beside it that is never replaced, and the staging file
/// a write is prepared in.
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
    /// before it is believed: the pauses between attempts, in milliseconds (about a quarter of a second in all).
    static let settlingPauses: [UInt32] = [2, 4, 8, 16, 32, 64, 128]

    let directory: FilePath
    let name: SuiteName
    let plist: FilePath
    let lock: FilePath
    /// Where a writer prepares the next version, and where a swap leaves the previous one until it is removed.
    let staging: FilePath

    /// A version of the property list as read.
    struct Version {
        let image: SuiteImage
        /// The keys whose entries were decoded, or `nil` when all were.
        let touched: [String]?
        /// Set when this is the previous version a crash left, just brought back.
        var restoration: Restoration?
    }

    /// How a previous version was brought back.
    struct Restoration {
        /// Where the unusable file went, when it held anything.
        let movedAside: FilePath?
    }

    init(directory: FilePath, name: SuiteName) {
        self.directory = directory
        self.name = name
        plist = directory.appending("\(name.rawValue).plist")
        lock = directory.appending(".\(name.rawValue).plist.lock")
        staging = directory.appending(".\(name.rawValue).plist.new")
    }

    // MARK: - Reading

    /// Reads and decodes the property list once, as it is at this moment.
    ///
    /// - Parameters:
    ///   - previous: The version last read, so that only the entries that differ from it are decoded.
    ///   - keepingBytes: Whether the version must hold the file's bytes, as one about to be written over does; a
    ///     slimmed `previous` is otherwise returned as it is when the file has not changed.
    /// - Returns: The version read, or `nil` when there is no file.
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode, and
    ///   ``FileStoreError/unreadable(suite:path:reason:)`` when it cannot be read.
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
    /// Only once it has stayed empty or undecodable for the settling time (``settlingPauses``) is it taken as it is:
    /// an empty suite, or a corrupt one.
    ///
    /// - Parameters:
    ///   - previous: The version last read, so that only the entries that differ from it are decoded.
    ///   - restoring: Whether the caller holds the lock, so that the version a crash left under the staging name may
    ///     be brought back when the property list stays empty or corrupt (see
    ///     ``restorePrevious(keepingCorrupt:)``).
    ///   - keepingBytes: Whether the version must hold the file's bytes, as one a write splices into does.
    /// - Returns: The version read, or `nil` when there is no file.
    /// - Throws: As ``read(previous:keepingBytes:)`` does, once the file has settled.
    func readSettled(previous: SuiteImage?, restoring: Bool, keepingBytes: Bool = false) throws(FileStoreError)
        -> Version?
    {
        var pauses = Self.settlingPauses[...]
        while true {
            let failure: FileStoreError
            do throws(FileStoreError) {
                let version = try read(previous: previous, keepingBytes: keepingBytes)
                guard let version, version.image.isEmptyFile else { return version }
                if let pause = pauses.popFirst() {
                    usleep(pause * 1000)
                    continue
                }
                return (restoring ? restorePrevious(keepingCorrupt: false) : nil) ?? version
            } catch .corrupt(let suite, let path, let reason) {
                failure = .corrupt(suite: suite, path: path, reason: reason)
            } catch {
                throw error
            }
            if let pause = pauses.popFirst() {
                usleep(pause * 1000)
                continue
            }
            if restoring, let restored = restorePrevious(keepingCorrupt: true) { return restored }
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
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` when the file does not decode.
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

    static func describe(_ type: FileType) -> String {
        switch type {
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterSpecial, .blockSpecial: "a device"
        case .symbolicLink: "a symbolic link"
        default: "not a regular file"
        }
    }
}
