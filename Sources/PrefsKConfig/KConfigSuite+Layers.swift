public import PrefsCore
import PrefsStoreKit
import SystemPackage

extension KConfigSuite {
    public var liveSystemLayers: LiveSystemLayers? { layers }

    /// The system copies as ``PrefsCore/SystemLayers``: one layer per copy with the values it gives (a value the
    /// user's `[$d]` deletes is left out, unless it is immutable), and a lock for each key an `[$i]` covers, with the
    /// file that says so.
    ///
    /// - Parameter snapshot: The files as read.
    /// - Returns: The layers.
    func systemLayers(_ snapshot: Snapshot) -> SystemLayers {
        var bySource: [String: [String: PropertyListValue]] = [:]
        let keys = snapshot.system.keys
        // The schema is read only when a system copy gives a value to type.
        let types = keys.isEmpty ? [:] : types
        for key in keys {
            guard let value = snapshot.system.values[key] else { continue }
            if snapshot.user.deleted[key] != nil, !value.immutable { continue }
            bySource[value.source, default: [:]][key.name] = Self.typed(
                value, key: key.name, types: types, environment: store.environment)
        }
        // The copy read last wins: the first folder of $XDG_CONFIG_DIRS.
        let order = store.systemFiles(name).map(\.string).reversed()
        var layers = order.compactMap { source in
            bySource[source].map { SystemLayers.Layer(source: source, values: $0) }
        }
        var locks = SuiteLocks()
        if let file = snapshot.system.immutableFile ?? snapshot.user.immutableFile {
            locks.lockWholeSuite(by: "\(file) ([$i])")
        }
        // Only what an `[$i]` can reach is asked about: an immutable entry, or any key of an immutable group.
        let groups = snapshot.system.immutableGroups.merging(snapshot.user.immutableGroups) { first, _ in first }
        let candidates = (snapshot.system.keys + snapshot.user.keys).filter { key in
            snapshot.system.values[key]?.immutable == true || snapshot.user.values[key]?.immutable == true
                || groups[key.group] != nil
        }
        for key in Set(candidates).sorted() {
            if let file = Self.immutability(of: key.name, in: snapshot) { locks.lock(key.name, by: "\(file) ([$i])") }
        }
        if let own = lockedByOwnFile(snapshot, candidates: candidates) { layers.insert(own, at: 0) }
        var result = SystemLayers(layers: layers, locks: locks)
        result.problems = snapshot.problems
        return result
    }

    /// The user's own entries an `[$i]` of the user's own file locks, as the layer that wins first.
    ///
    /// A lock resolves to the value beneath it, which for a file store is the administrator's; but an `[$i]` in the
    /// user's file locks the user's own entry, and KConfig reads that entry (`kreadconfig5` prints it). Without this
    /// layer such keys read as their defaults, and `read`, `find` and the editor hid what the file holds.
    ///
    /// - Parameters:
    ///   - snapshot: The files as read.
    ///   - candidates: The keys an `[$i]` may reach, when the user's file is not immutable as a whole.
    /// - Returns: The layer, or `nil` when no entry of the user's file is locked by that file.
    private func lockedByOwnFile(_ snapshot: Snapshot, candidates: [KConfigKeyPath]) -> SystemLayers.Layer? {
        let source = store.userFile(name).string
        let keys = snapshot.user.immutableFile == source ? snapshot.user.keys : candidates
        var values: [String: PropertyListValue] = [:]
        for key in keys where Self.immutability(of: key.name, in: snapshot) == source {
            guard let value = snapshot.user.values[key], value.source == source else { continue }
            values[key.name] = Self.typed(value, key: key.name, types: types, environment: store.environment)
        }
        return values.isEmpty ? nil : SystemLayers.Layer(source: source, values: values)
    }
}
