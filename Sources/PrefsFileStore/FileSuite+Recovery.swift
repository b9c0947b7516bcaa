public import PrefsCore
public import PrefsStoreKit
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileSuite {
    /// Moves an unusable suite file aside as `<suite>.plist.corrupt-<time>`, keeping it, and starts the suite afresh
    /// from a source.
    ///
    /// Everything happens under the suite's lock, and the new contents are journaled as this process's writes, so that
    /// watchers see a change and `undo` can take it back.
    ///
    /// - Parameter source: Where the suite's values come from; nothing by default.
    /// - Returns: Where the old file went and how many keys the suite now holds.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` naming what could not be done, ``/PrefsStoreKit/FileStoreError`` from
    ///   reading the chosen file, or ``/PrefsStoreKit/FileStoreError/unsafe(path:reason:)`` when the suite is readable (there is
    ///   nothing to recover; import the file instead) or there is no previous version to trust. Nothing is moved
    ///   then.
    @discardableResult
    public func recover(from source: SuiteRecoverySource = .nothing) throws(FileStoreError) -> SuiteRecovery {
        let writer = PersistentKeyValueChange.Writer.current
        let recovery = try files.withLock(exclusive: true, timeout: store.lockTimeout) {
            () throws(FileStoreError) -> SuiteRecovery in
            do throws(FileStoreError) {
                _ = try files.readSettled(previous: nil, underLock: true)
                throw FileStoreError.unsafe(
                    path: files.plist.string, reason: "the suite is readable, so there is nothing to recover")
            } catch  where error.isSuiteProblem {
                // The case this is for.
            }
            let replacement = try replacementBytes(source)
            let movedAside = try files.moveAside()
            var keys = 0
            if let (bytes, image) = replacement {
                keys = image.values.count
                let records = image.sortedKeys.map { key in
                    JournalRecord(writer: writer, suite: name, key: key, old: nil, new: image.value(forKey: key))
                        .asStaged
                }
                try files.replace(with: bytes, durability: store.durability) {
                    try? store.journal.append(records, to: files.name)
                }
                if let write = writer.write {
                    try? store.journal.commit(write: write, count: records.count, to: files.name)
                }
            }
            return SuiteRecovery(movedAside: URL(fileURLWithPath: movedAside.string), keys: keys)
        }
        reload(posting: true)
        return recovery
    }

    /// Whether the version the last swap replaced is there to be restored with ``recover(from:)``.
    public var hasRestorablePreviousVersion: Bool {
        (try? files.previousVersion()) != nil
    }

    private func replacementBytes(_ source: SuiteRecoverySource) throws(FileStoreError) -> ([UInt8], SuiteImage)? {
        switch source {
        case .nothing:
            return nil
        case .previous:
            return try files.previousVersion()
        case .file(let url):
            let path = FilePath(url.path)
            guard let bytes = try files.readBytes(path, followingLinks: true) else {
                throw .io(path: url.path, operation: "read", reason: "no such file")
            }
            do throws(PropertyListCodec.DecodeFailure) {
                return (bytes, try SuiteImage(decoding: bytes))
            } catch {
                throw .corrupt(suite: name, path: url.path, reason: error.reason)
            }
        }
    }
}
