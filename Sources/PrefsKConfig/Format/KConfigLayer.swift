/// What one or more KConfig files say, read in KConfig's order: each entry in force with the file it comes from, the
/// entries deleted, and what is immutable.
///
/// It follows KConfig's rules for a cascade (`KConfigPrivate::parseConfigFiles`, `parseConfig`): a later file's entry
/// replaces an earlier one's unless that one is immutable (`[$i]`); a group an earlier file made immutable is skipped
/// in later files; a file with a bare `[$i]` header is the last read, and nothing in it can be written. Localized entries (`key[de]=`) are kept in
/// the file but not read: `prefs` reads as a program in the C locale does.
struct KConfigLayer: Sendable {
    /// An entry in force.
    struct Value: Sendable, Hashable {
        /// The text, escapes undone, `$VARIABLE`s not expanded.
        let raw: String
        /// `[$e]`: expanded when read.
        let expands: Bool
        /// `[$i]`: no later file changes it.
        let immutable: Bool
        /// The file it comes from.
        let source: String
    }

    /// The entries in force, by key.
    private(set) var values: [KConfigKeyPath: Value] = [:]
    /// The keys in the order their entries first appear.
    private(set) var order: [KConfigKeyPath] = []
    /// Keys a `[$d]` entry deleted, with the file that deleted them.
    private(set) var deleted: [KConfigKeyPath: String] = [:]
    /// Groups made immutable, with the file that did it.
    private(set) var immutableGroups: [[String]: String] = [:]
    /// The file whose `[$i]` made every key immutable, if one did.
    private(set) var immutableFile: String?

    /// Nothing read yet.
    init() {}

    /// Reads one file over what was read before.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - source: Its path, for provenance and locks.
    /// - Returns: Whether KConfig reads another file after this one: `false` once a file is immutable.
    @discardableResult
    mutating func read(_ file: KConfigFile, source: String) -> Bool {
        guard immutableFile == nil else { return false }
        let fileImmutable = file.isImmutable
        var group: [String] = []
        // As KConfig reads it: a bare `[$i]` makes the groups after it immutable, not the entries right under it.
        var immutableSoFar = false
        var groupImmutable = false
        var skipping = false
        var madeImmutable: [[String]] = []
        for line in file.lines {
            switch line.kind {
            case .other: continue
            case .group(let path, let immutable):
                group = path
                groupImmutable = immutableSoFar || (immutable && !path.isEmpty)
                if immutable && path.isEmpty { immutableSoFar = true }
                skipping = immutableGroups[path] != nil
                if groupImmutable, !path.isEmpty { madeImmutable.append(path) }
            case .entry(let entry):
                guard !skipping, entry.locale == nil else { continue }
                let key = KConfigKeyPath(group: group, key: entry.key)
                if values[key]?.immutable == true { continue }
                let immutable = entry.immutable || groupImmutable
                if entry.deleted {
                    values[key] = nil
                    deleted[key] = source
                    continue
                }
                if values[key] == nil { order.append(key) }
                deleted[key] = nil
                values[key] = Value(
                    raw: String(decoding: line.rawValue, as: UTF8.self), expands: entry.expands, immutable: immutable,
                    source: source)
            }
        }
        for path in madeImmutable where immutableGroups[path] == nil { immutableGroups[path] = source }
        if fileImmutable { immutableFile = source }
        return !fileImmutable
    }

    /// The keys in force, in the order their entries first appeared.
    var keys: [KConfigKeyPath] {
        order.filter { values[$0] != nil }
    }
}
