import Foundation
import PrefsCore
import Synchronization

/// Which keys of each suite the installed schema marks secret, so that the journal records only the fact of their
/// changes, never their values.
///
/// The manifest is read again only when its modification time or size changed, so a write costs one `stat` here.
final class JournalSecrets: Sendable {
    private struct Cached {
        let stamp: Stamp
        let keys: Set<String>
    }

    private struct Stamp: Hashable {
        let modified: Date?
        let size: Int?
        let inode: Int?
    }

    private let catalog: SchemaCatalog
    private let cache = Mutex<[String: Cached]>([:])

    init(catalog: SchemaCatalog) {
        self.catalog = catalog
    }

    /// The secret keys of a suite; none when it has no schema, or one that cannot be read.
    func keys(of suite: String) -> Set<String> {
        let file = catalog.directory.appendingPathComponent("\(suite).json")
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return [] }
        let stamp = Stamp(
            modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue)
        if let cached = cache.withLock({ $0[suite] }), cached.stamp == stamp { return cached.keys }
        let schema = (try? catalog.schema(for: suite)) ?? nil
        let keys = schema?.secretStoredKeys ?? []
        cache.withLock { $0[suite] = Cached(stamp: stamp, keys: keys) }
        return keys
    }
}
