import PrefsCore
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which keys of each suite the installed schema marks secret, so that the journal records only the fact of their
/// changes, never their values.
///
/// The manifest is read again only when its modification time or size changed, so a write costs one `stat` here.
final class JournalSecrets: Sendable {
    private struct Cached {
        let stamp: FileIdentity
        let keys: Set<String>
    }

    private let catalog: SchemaCatalog
    private let cache = Mutex<[String: Cached]>([:])

    init(catalog: SchemaCatalog) {
        self.catalog = catalog
    }

    /// The secret keys of a suite; none when it has no schema, or one that cannot be read.
    func keys(of suite: String) -> Set<String> {
        let file = catalog.directory.appendingPathComponent("\(suite).json")
        guard let stamp = (try? FileIdentity.of(FilePath(file.path))) ?? nil else { return [] }
        if let cached = cache.withLock({ $0[suite] }), cached.stamp == stamp { return cached.keys }
        let schema = (try? catalog.schema(for: suite)) ?? nil
        let keys = schema?.secretStoredKeys ?? []
        cache.withLock { $0[suite] = Cached(stamp: stamp, keys: keys) }
        return keys
    }
}
