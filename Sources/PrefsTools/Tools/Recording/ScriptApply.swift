public import PrefsCore

/// What `prefs apply` does: a script `prefs record` wrote, checked and written one suite at a time.
///
/// It reads the script (``RecordedScript``), checks every change under the rules `prefs write` keeps (type, schema,
/// printable, locks, precision), and writes each suite's changes as one write, one undo step per suite. Keys that
/// already hold what the script gives are left alone, so that applying a script twice changes nothing the second time.
public enum ScriptApply {
    /// What applying a script would change, checked; nothing is written until ``apply(_:in:)``.
    public struct Plan: Sendable {
        /// Each suite's changes, in the order the script first names the suites.
        public let suites: [(name: String, changes: [String: PropertyListValue?])]
        /// A change as ``lines`` shows it: the values, and the schema entry that says how (and masks a secret).
        struct Shown: Sendable {
            let suite: String
            let key: String
            let old: PropertyListValue?
            let new: PropertyListValue?
            let entry: PreferenceSchemaEntry?
        }

        /// Each change, from which ``lines`` are made.
        let shown: [Shown]

        /// `suite key: old -> new` lines, secrets masked unless revealed.
        ///
        /// Made when asked for: `--yes` shows none, and making them took a tenth of applying 10,000 keys.
        public var lines: [String] {
            shown.map { change in
                let show = { (value: PropertyListValue?) in
                    value.map { ValueText.inline($0, entry: change.entry) } ?? "(unset)"
                }
                return "\(ValueText.key(change.suite)) \(ValueText.key(change.key)): \(show(change.old)) -> "
                    + show(change.new)
            }
        }

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
        // Each suite's name checked and schema read once, not once a line: a recording names few suites.
        var schemas: [String: PreferenceSchema?] = [:]
        func schema(of suite: String) throws -> PreferenceSchema? {
            if let known = schemas[suite] { return known }
            try context.checkName(suite)
            let schema = try context.schema(for: suite)
            schemas[suite] = .some(schema)
            return schema
        }
        for command in try RecordedScript.commands(in: text) {
            let (suite, key, value): (String, String, PropertyListValue?)
            switch command {
            case .write(let request):
                (suite, key) = (request.suite, request.key)
                value = try request.parsed(schema: schema(of: request.suite))
            case .delete(let name, let deleted):
                _ = try schema(of: name)
                try ValueText.checkKeyName(deleted)
                (suite, key, value) = (name, deleted, nil)
            }
            if requested[suite] == nil { order.append(suite) }
            requested[suite, default: [:]][key] = .some(value)
        }
        var suites: [(name: String, changes: [String: PropertyListValue?])] = []
        var shown: [Plan.Shown] = []
        for name in order {
            let schema = try schema(of: name)
            let wanted = SuiteMigration.movingFormerNames(requested[name] ?? [:], schema: schema)
            let current = try context.currentValues(of: wanted.keys.sorted(), inSuite: name)
            // What already holds its value is left alone: a script applied twice changes nothing the second time.
            let changes = wanted.filter { current[$0.key] != $0.value }
            guard !changes.isEmpty else { continue }
            try context.checkUnlocked(changes.keys.sorted(), inSuite: name)
            suites.append((name, changes))
            for key in changes.keys.sorted() {
                shown.append(
                    Plan.Shown(
                        suite: name, key: key, old: current[key], new: changes[key] ?? nil,
                        entry: schema?.entry(forStoredKey: key)))
            }
        }
        return Plan(suites: suites, shown: shown)
    }

    /// Writes a plan: each suite's changes as one write.
    ///
    /// - Throws: ``ToolError`` when a suite's write fails: the store's error, and, when there are several suites,
    ///   which were written, which failed (and whether it may have been written) and which were not tried, so that
    ///   nobody takes a half-applied script for an untouched store. Applying the script again finishes it: what is
    ///   written already is left alone.
    public static func apply(_ plan: Plan, in context: ToolContext) throws {
        for (index, suite) in plan.suites.enumerated() {
            do {
                try context.write(suite.changes, toSuite: suite.name)
            } catch {
                guard plan.suites.count > 1 else { throw error }
                throw interrupted(plan, at: index, by: error)
            }
        }
    }

    /// The error of an apply that stopped at a suite: what was written, what failed and why, what was not tried.
    static func interrupted(_ plan: Plan, at index: Int, by error: any Error) -> ToolError {
        let names = { (range: Range<Int>) -> String in
            let shown = plan.suites[range].prefix(5).map { TextEscaping.quoted($0.name) }
            let more = range.count > 5 ? " and \(range.count - 5) more" : ""
            return shown.joined(separator: ", ") + more
        }
        let written =
            index == 0
            ? "no suite was written" : "\(index) of \(plan.suites.count) suites were written (\(names(0..<index)))"
        let rest = index + 1 < plan.suites.count ? "; not tried: \(names((index + 1)..<plan.suites.count))" : ""
        return ToolError(
            "\(written); suite \(TextEscaping.quoted(plan.suites[index].name)): \(SystemErrorText.reason(error))\(rest); "
                + "apply the script again to finish it (what is written is left alone)",
            code: ErrorCode(of: error))
    }
}
