import PrefsCore
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Which keys of each suite the installed schema marks secret, so that the journal records only the fact of their
/// changes, never their values.
///
/// The manifest is read again only when its modification time or size changed, so a write costs one `stat` here.
/// Its path is made once per suite: made through `URL` at every write, it cost a write more than the `stat` (about
/// 10 µs, on the way to the swap that other processes' watchers wait for).
///
/// A manifest that exists but cannot be read or understood hides every key of its suite: which keys it marks secret
/// is then unknown, and recording a secret's value in the journal could not be taken back, while a value left out
/// costs only the undo of that write (`log`, `record` and `undo` refuse such a suite anyway).
package final class JournalSecrets: Sendable {
    /// The keys of a suite whose values the journal leaves out.
    package enum Hidden: Equatable, Sendable {
        /// These keys; none when the suite has no schema.
        case keys(Set<String>)
        /// Every key: the suite's schema exists but could not be read.
        case every

        /// Whether a key's values are left out.
        package func contains(_ key: String) -> Bool {
            switch self {
            case .keys(let keys): keys.contains(key)
            case .every: true
            }
        }

        /// Whether no key's values are left out.
        package var isEmpty: Bool { self == .keys([]) }
    }

    private struct Cached {
        let stamp: FileIdentity
        let hidden: Hidden
    }

    private struct Suite {
        let manifest: FilePath
        var cached: Cached?
    }

    /// The folder of the file store's manifests (`NAME.json`), and a suite's secret keys as its manifest names them.
    private let manifests: (directory: URL, secretKeys: @Sendable (String) throws -> Set<String>)?
    /// A store's own rule, for a store whose schemas are not manifests (KConfig's `.kcfg`): a suite's secret keys by
    /// its journal name, or `nil` when its schema exists but cannot be read.
    private let rule: (@Sendable (String) -> Set<String>?)?
    private let suites = Mutex<[String: Suite]>([:])

    /// Secrets the manifests in a folder name, each read again only when it changed.
    ///
    /// - Parameters:
    ///   - directory: The folder of manifests, one `NAME.json` per suite.
    ///   - secretKeys: A suite's secret keys, read from its manifest; throws when it cannot be read.
    package init(manifests directory: URL, secretKeys: @escaping @Sendable (String) throws -> Set<String>) {
        manifests = (directory, secretKeys)
        rule = nil
    }

    /// Secrets a store's own schemas name.
    ///
    /// - Parameter rule: A suite's secret keys by its journal name; `nil` when its schema cannot be read, which hides
    ///   every key.
    package init(rule: @escaping @Sendable (String) -> Set<String>?) {
        manifests = nil
        self.rule = rule
    }

    /// The keys of a suite whose values the journal leaves out: its schema's secret keys, none when it has no schema,
    /// and every key when its schema exists but cannot be read.
    package func hidden(in suite: String) -> Hidden {
        if let rule { return rule(suite).map(Hidden.keys) ?? .every }
        guard let manifests else { return .keys([]) }
        let known = suites.withLock { $0[suite] }
        let manifest = known?.manifest ?? FilePath(manifests.directory.appendingPathComponent("\(suite).json").path)
        if known == nil { suites.withLock { $0[suite] = Suite(manifest: manifest) } }
        let stamp: FileIdentity
        do {
            guard let found = try FileIdentity.of(manifest) else { return .keys([]) }
            stamp = found
        } catch {
            return .every
        }
        if let cached = known?.cached, cached.stamp == stamp { return cached.hidden }
        let hidden: Hidden
        do {
            hidden = .keys(try manifests.secretKeys(suite))
        } catch {
            hidden = .every
        }
        suites.withLock { $0[suite] = Suite(manifest: manifest, cached: Cached(stamp: stamp, hidden: hidden)) }
        return hidden
    }
}
