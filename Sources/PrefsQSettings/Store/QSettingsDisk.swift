import PrefsStoreKit
import PrefsSystem
import SystemPackage

/// A QSettings file on disk: read bounded, replaced as Qt replaces it (`QSaveFile`: a new file renamed over the old).
enum QSettingsDisk {
    /// A file's bytes, or `nil` when there is none.
    ///
    /// - Throws: ``QSettingsStoreError/unreadable(path:reason:)`` when it exists but cannot be read, or is larger
    ///   than ``QSettingsFile/limit``.
    static func read(_ path: FilePath) throws(QSettingsStoreError) -> [UInt8]? {
        do {
            return try SmallFile.read(path, limit: QSettingsFile.limit, limitText: "4 MiB").map { Array($0) }
        } catch {
            throw .unreadable(path: path.string, reason: "\(error)")
        }
    }

    /// Replaces a file atomically, its folders made when missing; the mode it had kept, a new one readable by all
    /// and written by its owner, as Qt makes it.
    ///
    /// - Throws: ``QSettingsStoreError/writeFailed(path:reason:)``; the file is then as it was.
    static func replace(_ path: FilePath, with bytes: [UInt8]) throws(QSettingsStoreError) {
        do {
            try FileSystem.createDirectory(path.removingLastComponent())
            // The mode a file has is kept; a new one is made as QSaveFile makes it (0666 less the umask, 0644 here).
            let mode = (try? Stat(path))?.permissions ?? [.ownerReadWrite, .groupRead, .otherRead]
            try AtomicFile.write(bytes, to: path, permissions: mode)
        } catch {
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
    }
}
