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
/// Its path is made once per suite: made through `URL` at every write, it cost a write more than the `stat` (about
/// 10 µs, on the way to the swap that other processes' watchers wait for).
final class JournalSecrets: Sendable {
    private struct Cached {
        let stamp: FileIdentity
        let keys: Set<String>
    }

    private struct Suite {
        let manifest: FilePath
        var cached: Cached?
    }

    private let catalog: SchemaCatalog
    private let suites = Mutex<[String: Suite]>([:])

    init(catalog: SchemaCatalog) {
        self.catalog = catalog
    }

    /// The secret keys of a suite; none when it has no schema, or one that cannot be read.
    func keys(of suite: String) -> Set<String> {
        let known = suites.withLock { $0[suite] }
        let manifest = known?.manifest ?? FilePath(catalog.directory.appendingPathComponent("\(suite).json").path)
        if known == nil { suites.withLock { $0[suite] = Suite(manifest: manifest) } }
        guard let stamp = (try? FileIdentity.of(manifest)) ?? nil else { return [] }
        if let cached = known?.cached, cached.stamp == stamp { return cached.keys }
        let schema = (try? catalog.schema(for: suite)) ?? nil
        let keys = schema?.secretStoredKeys ?? []
        suites.withLock { $0[suite] = Suite(manifest: manifest, cached: Cached(stamp: stamp, keys: keys)) }
        return keys
    }
}
