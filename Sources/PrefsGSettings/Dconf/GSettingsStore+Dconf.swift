import Logging
import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GSettingsStore {
    /// The most directories a listing walks, and how deep: a bound on a database no person could read anyway.
    static let directoryLimit = 20_000
    static let depthLimit = 64

    /// Opens a dconf directory as a suite: the keys there that no schema describes.
    ///
    /// - Parameter path: The directory, starting and ending with `/`, such as `/org/example/custom/`.
    /// - Returns: The suite, shared by every caller in the process.
    /// - Throws: ``GSettingsStoreError/invalidSuiteName(_:reason:)`` for a path dconf cannot hold as a directory, or
    ///   ``GSettingsStoreError/dconfUnavailable(_:)`` when dconf's client library cannot be loaded.
    public func directory(_ path: String) throws(GSettingsStoreError) -> DconfDirectorySuite {
        if let live = directories.withLock({ $0[path]?.suite }) { return live }
        let client = try dconf()
        guard DconfClient.isDirectory(path) else {
            throw .invalidSuiteName(
                path, reason: "a dconf directory starts and ends with / and has no empty part, such as /org/example/")
        }
        let owner = try schemaOwner(ofDirectory: path)
        let fresh = DconfDirectorySuite(path: path, client: client, owner: owner, store: self)
        let suite = directories.withLock { directories in
            if let live = directories[path]?.suite { return live }
            directories[path] = WeakDirectory(suite: fresh)
            return fresh
        }
        if suite === fresh { observed.keep(fresh, named: path) }
        return suite
    }

    /// The store's dconf client, made and connected to ``DconfChangeQueue`` the first time.
    ///
    /// - Throws: ``GSettingsStoreError/dconfUnavailable(_:)`` when libdconf cannot be loaded.
    func dconf() throws(GSettingsStoreError) -> DconfClient {
        try DconfLibrary.load()
        return dconfClient.withLock { client in
            if let client { return client }
            let fresh = GIOLock.run { DconfClient() }
            DconfChangeQueue.connect(fresh, store: self)
            client = fresh
            return fresh
        }
    }

    /// Every dconf directory that holds a key, in the user's database or a system one, sorted; walked from `/` within
    /// ``directoryLimit`` directories and ``depthLimit`` levels.
    ///
    /// - Parameter catalog: What lists dconf's directories (``catalog()``).
    /// - Returns: The directories.
    func dconfDirectories(in catalog: any SettingsCatalog) -> [String] {
        var holding: [String] = []
        var pending: [(path: String, depth: Int)] = [("/", 0)]
        var visited = 0
        while let (path, depth) = pending.popLast(), visited < Self.directoryLimit {
            visited += 1
            var hasKey = false
            for entry in catalog.list(path) {
                if entry.hasSuffix("/") {
                    if depth < Self.depthLimit { pending.append((path + entry, depth + 1)) }
                } else {
                    hasKey = true
                }
            }
            if hasKey { holding.append(path) }
        }
        return holding.sorted()
    }

    /// The dconf directories where a user set keys no schema describes: the suites named by their path; none when
    /// dconf's directories cannot be listed (GIO loaded and libdconf not).
    ///
    /// They are listed as schemas' suites are, by what the user set; a directory only a system database fills is
    /// opened by its name.
    ///
    /// - Parameter catalog: What lists dconf's directories (``catalog()``).
    /// - Returns: The directories' suite names.
    /// - Throws: ``GSettingsStoreError`` when the user's mappings cannot be read.
    func directorySuiteNames(in catalog: any SettingsCatalog) throws(GSettingsStoreError) -> [String] {
        let described = try knownPlaces(in: catalog).directories
        return dconfDirectories(in: catalog).filter { path in
            let declared = described[path].map { declaredKeys(ofSuite: $0, in: catalog) } ?? []
            return catalog.list(path).contains {
                !$0.hasSuffix("/") && !declared.contains($0) && catalog.userHolds(path + $0)
            }
        }
    }

    /// The schema suite that describes keys of a directory, and those keys: a fixed schema at that path, or a known
    /// instance of a relocatable one.
    ///
    /// - Throws: ``GSettingsStoreError`` when the user's mappings cannot be read: a directory whose schema is not
    ///   known would take writes its schema refuses.
    func schemaOwner(ofDirectory path: String) throws(GSettingsStoreError) -> (suite: String, keys: Set<String>)? {
        let catalog = try catalog()
        guard let suite = try knownPlaces(in: catalog).directories[path] else { return nil }
        return (suite, declaredKeys(ofSuite: suite, in: catalog))
    }

    /// The keys a schema suite (`SCHEMA`, `SCHEMA:/path/`) declares; none when its schema is not installed.
    private func declaredKeys(ofSuite name: String, in catalog: any SettingsCatalog) -> Set<String> {
        let schema = String(name.prefix { $0 != ":" })
        return Set(catalog.keyNames(ofSchema: schema) ?? [])
    }

    /// Every directory a schema describes, and the suite that does: each fixed schema's path, and each known
    /// instance of a relocatable schema.
    ///
    /// - Throws: ``GSettingsStoreError`` when the user's mappings cannot be read.
    func describedDirectories() throws(GSettingsStoreError) -> [String: String] {
        try knownPlaces(in: catalog()).directories
    }

    /// The known instances of installed relocatable schemas, as suite names `SCHEMA:PATH`, sorted
    /// (``findRelocatableInstances(in:usingMappings:)``).
    ///
    /// - Throws: ``GSettingsStoreError`` when GIO cannot be loaded or the user's mappings cannot be read.
    func relocatableInstances(in catalog: any SettingsCatalog) throws(GSettingsStoreError) -> [String] {
        try knownPlaces(in: catalog).instances
    }

    /// The known instances, for a listing of suites: when the user's mappings cannot be read, those GNOME records
    /// without them, and one line saying why, so that a mappings file gone wrong stops only the dconf directories
    /// it may type (``schemaOwner(ofDirectory:)`` still refuses them), not every command on every schema.
    ///
    /// - Parameter catalog: What lists the schemas and dconf's directories (``catalog()``).
    /// - Returns: The instances' suite names, sorted.
    func listedRelocatableInstances(in catalog: any SettingsCatalog) -> [String] {
        do {
            return try relocatableInstances(in: catalog)
        } catch {
            // Only the mappings can fail here. Logged as an error so that it shows at prefs' default level; the
            // listing goes on.
            PrefsLogging.logger.error("warning: \(error); relocatable instances it pairs are left out")
            // Without the mappings nothing else can fail.
            return (try? findRelocatableInstances(in: catalog, usingMappings: false)) ?? []
        }
    }

    /// The instances and described directories, kept while dconf's user database and the user's mappings are the
    /// files they were.
    ///
    /// The dconf service replaces the database on every write, so a new instance is seen at once, and opening each of
    /// a hundred directories does not list every directory again (the editor's first frame spent 42% of its 33 ms
    /// there). A change to a system database alone is seen once the user's database changes, or the store is made
    /// again.
    private func knownPlaces(in catalog: any SettingsCatalog) throws(GSettingsStoreError) -> KnownPlaces {
        let files = [
            FilePath(XDGDirectories.configHome().path).appending("dconf").appending("user"), SchemaMappings.file(),
        ]
        // A file that cannot be looked at leaves nothing to compare: the places are found again, never kept.
        let sources = try? files.map { path throws(Errno) in try FileIdentity.of(path) }
        if let sources, let kept = described.withLock({ $0 }), kept.sources == sources { return kept.places }
        let instances = try findRelocatableInstances(in: catalog)
        var directories = fixedSchemaPaths(in: catalog)
        for instance in instances {
            if let location = try? SuiteLocation(instance), let path = location.path, directories[path] == nil {
                directories[path] = instance
            }
        }
        let places = KnownPlaces(instances: instances, directories: directories)
        if let sources { described.withLock { $0 = (sources, places) } }
        return places
    }

    /// Each fixed schema's path and id, read once per set of compiled schemas.
    ///
    /// - Parameter catalog: What lists the schemas; ``catalog()`` when `nil`, asked only when they are not yet read.
    /// - Returns: Each path's schema id.
    func fixedSchemaPaths(in catalog: (any SettingsCatalog)? = nil) -> [String: String] {
        if let known = schemaPaths.withLock({ $0 }) { return known }
        // Without GIO no schema is listed, and nothing has a path.
        guard let catalog = catalog ?? (try? self.catalog()) else { return [:] }
        var found: [String: String] = [:]
        for id in catalog.schemaIDs().fixed.sorted() {
            if let path = catalog.path(ofSchema: id), found[path] == nil { found[path] = id }
        }
        schemaPaths.withLock { $0 = found }
        return found
    }

    /// The dconf directories and suites of the directories open whose keys may have changed: a key's own directory,
    /// or every open directory at or under a directory that changed.
    func liveDirectories(touchedBy path: String) -> [(suite: DconfDirectorySuite, keys: [String]?)] {
        let open = directories.withLock { $0.compactMap { $0.value.suite } }
        if path.hasSuffix("/") { return open.filter { $0.name.hasPrefix(path) }.map { ($0, nil) } }
        guard let slash = path.lastIndex(of: "/") else { return [] }
        let parent = String(path[...slash])
        let key = String(path[path.index(after: slash)...])
        let live = open.filter { $0.name == parent }
        if live.isEmpty, let made = directoryMadeWhileObserved(parent) { return [(made, nil)] }
        return live.map { ($0, [key]) }
    }

    /// A directory dconf says changed that is not open, opened while every suite is observed.
    ///
    /// It was made after a `watch`, a `record` or the editor started, and its keys would otherwise go unheard. It is
    /// opened as if empty, so that its first refresh tells every key it holds as new.
    ///
    /// - Parameter path: The directory.
    /// - Returns: The suite, or `nil` when nobody observes every suite, or it is no directory of keys dconf holds.
    private func directoryMadeWhileObserved(_ path: String) -> DconfDirectorySuite? {
        guard observed.isObserved, DconfClient.isDirectory(path) else { return nil }
        do {
            let suite = try directory(path)
            suite.seen.replace(with: [:])
            return suite
        } catch {
            // The mappings cannot be read, say: observers hear why this directory's change is not told.
            changeNotifier.report(error)
            return nil
        }
    }
}
