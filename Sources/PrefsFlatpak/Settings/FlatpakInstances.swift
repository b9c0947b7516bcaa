package import PrefsGLib

/// The instances of an app's relocatable schemas that its settings hold, as `APPID/SCHEMA:PATH` names them: each
/// place holding keys where none of the app's fixed schemas lives, paired with the one relocatable schema of the app
/// that declares every key there, as dconf-editor pairs the paths it finds with schemas.
///
/// A place whose keys two relocatable schemas both declare is left unpaired (which one the app uses cannot be told
/// from the keys); naming it (`APPID/SCHEMA:/path/`) still opens it.
package enum FlatpakInstances {
    /// The most places looked at in one app's settings, and the deepest: a settings file holds a few dozen.
    static let placeLimit = 4096
    static let depthLimit = 16

    /// The instances among places that hold keys.
    ///
    /// - Parameters:
    ///   - places: Each place (`/org/example/Notes/profiles/a/`) and the names of the keys it holds.
    ///   - schemas: The app's compiled schemas.
    /// - Returns: Each instance's schema id and path, sorted by path.
    package static func paired(_ places: [String: Set<String>], schemas: CompiledSchemas) -> [(
        schema: String, path: String
    )] {
        let ids = schemas.schemaIDs
        let fixedPaths = Set(ids.fixed.compactMap { schemas.schema($0)?.path })
        let relocatable = ids.relocatable.compactMap(schemas.schema)
        var found: [(schema: String, path: String)] = []
        for (path, keys) in places.sorted(by: { $0.key < $1.key }) where !keys.isEmpty && !fixedPaths.contains(path) {
            let declaring = relocatable.filter { schema in keys.allSatisfy(schema.hasKey) }
            if declaring.count == 1, let schema = declaring.first { found.append((schema.id, path)) }
        }
        return found
    }

    /// The places a keyfile holds keys at: its groups, each made a path (`org/example/Notes` → `/org/example/Notes/`).
    package static func places(in keyfile: GLibKeyfile) -> [String: Set<String>] {
        var places: [String: Set<String>] = [:]
        for group in keyfile.groups.prefix(placeLimit) {
            places["/" + group + "/", default: []].formUnion(keyfile.keys(in: group))
        }
        return places
    }

    /// The places a dconf database holds keys at under some paths (the app's own, where its instances live), walked
    /// to a bounded depth and breadth.
    package static func places(in database: GVDBTable, under roots: [String]) -> [String: Set<String>] {
        var places: [String: Set<String>] = [:]
        var queue = roots.map { ($0, 0) }
        var visited = 0
        while let (path, depth) = queue.popLast(), visited < placeLimit {
            visited += 1
            for name in database.list(path) ?? [] where !name.isEmpty {
                if name.hasSuffix("/") {
                    if depth < depthLimit { queue.append((path + name, depth + 1)) }
                } else {
                    places[path, default: []].insert(name)
                }
            }
        }
        return places
    }
}
