public import PrefsCore

/// `prefs migrate SUITE`: moves every value stored under a key's former name, as the schema declares them, to the
/// key's name, in one write.
public enum SuiteMigration {
    /// One key moved, or one stale former value removed.
    public struct Move: Sendable, Hashable {
        /// The name the value was stored under.
        public let from: String
        /// The key's name now.
        public let to: String
        /// Whether the value was moved; `false` when the key already held one, which wins, as reads do.
        public let moved: Bool
    }

    /// What a migration of a suite would do, from its stored values and schema.
    ///
    /// A key read its newest former name that holds a value when its own name holds none
    /// (``/PrefsCore/PersistentKeyValueStore/storedPrimitive(of:)``): that value moves, and every former name is removed, so
    /// that what a read returns is the same before and after.
    ///
    /// - Parameters:
    ///   - values: The suite's stored values.
    ///   - schema: Its schema.
    /// - Returns: The moves, and the changes and expectations for one conditional write.
    public static func plan(_ values: [String: PropertyListValue], schema: PreferenceSchema) -> (
        moves: [Move], changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]
    ) {
        var moves: [Move] = []
        var changes: [String: PropertyListValue?] = [:]
        var expecting: [String: PropertyListValue?] = [:]
        for entry in schema.entries {
            let formers = entry.formerIDs.filter { values[$0] != nil && schema[$0] == nil }
            guard !formers.isEmpty else { continue }
            expecting.updateValue(values[entry.id], forKey: entry.id)
            let source = values[entry.id] == nil ? formers.first : nil
            if let source, let value = values[source] { changes[entry.id] = value }
            for former in formers {
                expecting[former] = values[former]
                changes.updateValue(nil, forKey: former)
                moves.append(Move(from: former, to: entry.id, moved: former == source))
            }
        }
        return (moves, changes, expecting)
    }

    /// Changes with the former names of every declared key they write removed in the same write, as a typed write
    /// through PrefsKit removes them: once a key is written or reset, its old value must not be read again.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - schema: The suite's schema; a former name it declares as a key of its own is left alone.
    /// - Returns: The changes, with a removal for each former name not already among them.
    public static func movingFormerNames(_ changes: [String: PropertyListValue?], schema: PreferenceSchema?)
        -> [String: PropertyListValue?]
    {
        guard let schema else { return changes }
        var all = changes
        for key in changes.keys {
            for former in schema[key]?.formerIDs ?? [] where schema[former] == nil && all.index(forKey: former) == nil {
                all.updateValue(nil, forKey: former)
            }
        }
        return all
    }

    /// Migrates a suite in one write, which `prefs undo` reverts whole and which fails, writing nothing, when another
    /// writer changes one of the keys meanwhile.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - context: The store.
    /// - Returns: The moves made; empty when nothing was stored under a former name.
    /// - Throws: ``ToolError`` when the suite has no schema or does not exist, or the store's error.
    @discardableResult
    public static func migrate(_ name: String, in context: ToolContext) throws -> [Move] {
        guard let schema = try context.schema(for: name) else {
            throw ToolError.noSchema(for: name, hint: "the schema's \"formerly\" names the keys to move")
        }
        let suite = try context.existingSuite(name)
        let (moves, changes, expecting) = plan(suite.primitiveValues(), schema: schema)
        guard !moves.isEmpty else { return [] }
        try context.write(changes, expecting: expecting, toSuite: name)
        return moves
    }
}

extension [SuiteMigration.Move] {
    /// Prints what a migration did: `from -> to` lines, or a note when there was nothing to move; under `--json`
    /// the keys written, as every writing command reports them (``ChangeReport``).
    ///
    /// - Parameters:
    ///   - suite: The suite migrated.
    ///   - json: Whether to print JSON.
    public func print(suite: String, json: Bool) {
        if json { return ChangeReport.print(if: true, suite: suite, changed: flatMap { [$0.from, $0.to] }) }
        guard !isEmpty else { return Output.note("nothing to migrate in \(TextEscaping.quoted(suite))") }
        Output.lines(
            map { move in
                let (from, to) = (ValueText.key(move.from), ValueText.key(move.to))
                return move.moved ? "\(from) -> \(to)" : "\(from) removed (\(to) already holds a value)"
            })
    }
}
