public import PrefsCore

/// What `prefs apply` does: a script `prefs record` wrote, checked and written one suite at a time.
///
/// It reads the script (``RecordedScript``), checks every change under the rules `prefs write` keeps (type, schema,
/// printable, locks, precision), and writes each suite's changes as one write, one undo step per suite. Keys that already hold what the script gives are left alone, so that applying a
/// script twice changes nothing the second time.
public enum ScriptApply {
    /// What applying a script would change, checked; nothing is written until ``apply(_:in:)``.
    public struct Plan: Sendable {
        /// Each suite's changes, in the order the script first names the suites.
        public let suites: [(name: String, changes: [String: PropertyListValue?])]
        /// `suite key: old -> new` lines, secrets masked unless revealed.
        public let lines: [String]

        /// How many keys would change.
        public var count: Int { suites.reduce(0) { $0 + $1.changes.count } }
    }

    /// Reads and checks a script, and works out what it would change.
    ///
    /// - Parameters:
    ///   - text: The script.
    ///   - context: The store.
    /// - Returns: The plan.
    /// - Throws: ``ToolError`` naming the first line that is not `prefs record`'s, or a value, key or lock a write
    ///   would refuse; the store's error.
    public static func plan(_ text: String, in context: ToolContext) throws -> Plan {
        var order: [String] = []
        var requested: [String: [String: PropertyListValue?]] = [:]
        for command in try RecordedScript.commands(in: text) {
            let (suite, key, value): (String, String, PropertyListValue?)
            switch command {
            case .write(let request):
                try context.checkName(request.suite)
                (suite, key) = (request.suite, request.key)
                value = try request.parsed(schema: context.schema(for: request.suite))
            case .delete(let name, let deleted):
                try context.checkName(name)
                try ValueText.checkKeyName(deleted)
                (suite, key, value) = (name, deleted, nil)
            }
            if requested[suite] == nil { order.append(suite) }
            requested[suite, default: [:]][key] = .some(value)
        }
        var suites: [(name: String, changes: [String: PropertyListValue?])] = []
        var lines: [String] = []
        for name in order {
            let schema = try context.schema(for: name)
            let wanted = SuiteMigration.movingFormerNames(requested[name] ?? [:], schema: schema)
            let current = try context.currentValues(of: wanted.keys.sorted(), inSuite: name)
            // What already holds its value is left alone: a script applied twice changes nothing the second time.
            let changes = wanted.filter { current[$0.key] != $0.value }
            guard !changes.isEmpty else { continue }
            try context.checkUnlocked(changes.keys.sorted(), inSuite: name)
            suites.append((name, changes))
            for key in changes.keys.sorted() {
                let entry = schema?.entry(forStoredKey: key)
                let show = { (value: PropertyListValue?) in
                    value.map { ValueText.inline($0, entry: entry) } ?? "(unset)"
                }
                lines.append(
                    "\(ValueText.key(name)) \(ValueText.key(key)): \(show(current[key])) -> \(show(changes[key] ?? nil))"
                )
            }
        }
        return Plan(suites: suites, lines: lines)
    }

    /// Writes a plan: each suite's changes as one write.
    ///
    /// - Throws: The store's error; the suites before the one that failed are written, the others not.
    public static func apply(_ plan: Plan, in context: ToolContext) throws {
        for suite in plan.suites { try context.write(suite.changes, toSuite: suite.name) }
    }
}
