import Logging
public import PrefsCore
import PrefsStoreKit
import SystemPackage

extension FileSuite {
    @inlinable public var liveSystemLayers: LiveSystemLayers? { layers }

    /// Reads the suite's system layer and lock files again and, when asked, delivers the keys whose effective value
    /// that changes, as changes of the system file (``PrefsCore/PersistentKeyValueChange/systemLayer``).
    ///
    /// - Parameter posting: Whether to deliver the changes.
    func reloadSystemLayers(posting: Bool) {
        let fresh = store.layerFiles.read(files.name)
        let old = layers.replace(with: fresh)
        guard posting, old != fresh else { return }
        for problem in fresh.problems where !old.problems.contains(problem) {
            PrefsLogging.logger.warning("\(TextEscaping.escaped(problem))", metadata: ["suite": "\(name)"])
        }
        let changes = fresh.changes(
            since: old, user: primitiveValues(), suite: name, fallback: store.layerFiles.directories.first?.string ?? ""
        )
        post(changes)
    }

    /// Refuses changes to keys a lock file fixes, after reading the lock files as they are now.
    ///
    /// - Parameter keys: The keys a write would change or remove.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/lockedKey(suite:key:lockFile:)`` naming the first locked key and its lock file.
    func checkUnlocked(_ keys: some Sequence<String>) throws(FileStoreError) {
        reloadSystemLayers(posting: true)
        let locks = layers.current.locks
        guard !locks.isEmpty else { return }
        for key in keys.sorted() {
            if let lock = locks.lock(forKey: key) { throw .lockedKey(suite: name, key: key, lockFile: lock) }
        }
    }
}
