import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension FileStore {
    /// A store for a fuzzer, where no other program rewrites files in place: an empty or undecodable file is believed
    /// at once rather than read again for a second, so that one input of many reads runs in
    /// milliseconds.
    ///
    /// - Parameters:
    ///   - directory: The configuration directory.
    ///   - journalDirectory: Where the journals go.
    /// - Returns: The store.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` when the directory cannot be created.
    @_spi(Fuzzing)
    public static func withoutSettling(directory: URL, journalDirectory: URL) throws(FileStoreError) -> FileStore {
        try FileStore(
            directory: directory, journalDirectory: journalDirectory, launchArguments: .none,
            durability: .processCrash, lockTimeout: .milliseconds(200), settlingPauses: [])
    }
}
