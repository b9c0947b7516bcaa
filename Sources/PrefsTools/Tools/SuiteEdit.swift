public import PrefsCore

/// The verbs that read a key and write what they make of it.
///
/// They are `rename`, `delete`, `write --array-add`, `--dict-add` and `write`/`delete --path`. Each is one write that is made only if the key still holds what was read (under the
/// suite's lock for the file store), checked against the schema, journaled and undoable.
public struct SuiteEdit: Sendable {
    /// The suite.
    public let suite: String
    /// Where it is.
    public let context: ToolContext

    /// Creates the edits of a suite.
    public init(suite: String, context: ToolContext) {
        self.suite = suite
        self.context = context
    }

    /// Moves a key's value to a new key, in one write.
    ///
    /// - Parameters:
    ///   - old: The key to move.
    ///   - new: Its new name.
    ///   - force: Whether to replace a value `new` holds, and to write a key the schema does not declare.
    /// - Throws: ``ToolError`` when `old` is not stored, `new` is taken, or the schema refuses; nothing is written.
    public func rename(_ old: String, to new: String, force: Bool) throws {
        let renaming = try renaming(old, to: new, force: force)
        try context.write(renaming.changes, expecting: renaming.expecting, toSuite: suite)
    }

    /// The write a rename makes, checked by the rules `prefs rename` keeps (the new name printable and free, the value
    /// valid for it under the schema), for a caller that makes the write itself, such as the editor's `:rename`.
    ///
    /// - Parameters:
    ///   - old: The key to move.
    ///   - new: Its new name.
    ///   - force: Whether to replace a value `new` holds, and to write a key the schema does not declare.
    /// - Returns: The changes, and what both keys must still hold for them to be made.
    /// - Throws: ``ToolError`` when `old` is not stored, `new` is taken, or the schema refuses.
    public func renaming(_ old: String, to new: String, force: Bool) throws -> (
        changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]
    ) {
        guard old != new else { throw ToolError("the old and new names are the same", code: .usage) }
        try ValueText.checkKeyName(new)
        try context.checkUnlocked([old, new], inSuite: suite)
        let schema = try context.schema(for: suite)
        // A secret moved to a name that is not secret would be shown by every listing and kept in history; no
        // --force makes that right, a schema that declares the new name secret does.
        if schema?.entry(forStoredKey: old)?.isSecret == true, schema?.entry(forStoredKey: new)?.isSecret != true {
            throw ToolError(
                "key \(TextEscaping.quoted(old)) is secret and \(TextEscaping.quoted(new)) is not, so its value "
                    + "would show; declare \(TextEscaping.quoted(new)) secret in the schema first", code: .refused)
        }
        let stored = try context.storedValues(of: [old, new], inExistingSuite: suite)
        guard let value = stored[old] else { throw notSet(old) }
        if let taken = stored[new], !force {
            throw ToolError(
                "key \(TextEscaping.quoted(new)) already holds "
                    + "\(ValueText.inline(taken, entry: schema?.entry(forStoredKey: new))); use --force to replace it",
                code: .refused)
        }
        try check(value, forKey: new, schema: schema, force: force, action: "rename to")
        return ([old: nil, new: value], [old: value, new: stored[new]])
    }

    /// Removes a key, and the former names a schema declares for it, in one write.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - absentIsFine: Whether a key or suite that is not there is no error, as `rm -f` takes a missing file: what
    ///     a replayed recording asks, which must end the same whatever the store held.
    /// - Returns: The stored keys removed; none for a declared key that is not stored, which already reads as its
    ///   default.
    /// - Throws: ``ToolError`` when the key is neither stored nor declared, or the store's error; nothing is written.
    @discardableResult
    public func delete(_ key: String, absentIsFine: Bool = false) throws -> [String] {
        if absentIsFine {
            do {
                return try delete(key)
            } catch let error as ToolError where [.noSuite, .noKey].contains(error.code) {
                return []
            }
        }
        let schema = try context.schema(for: suite)
        // A key declared renamed also reads its former names, which go with it.
        let removals = SuiteMigration.movingFormerNames([key: nil], schema: schema)
        try context.checkUnlocked(removals.keys.sorted(), inSuite: suite)
        let stored: [String: PropertyListValue]
        do {
            stored = try context.storedValues(of: removals.keys.sorted(), inExistingSuite: suite)
        } catch let error as any CodedError where error.code == .corrupt {
            // A value another client stored in a shape prefs cannot decode is stored all the same: it can go.
            try context.write(removals, toSuite: suite)
            return [key]
        }
        guard !stored.isEmpty else {
            if schema?[key] != nil { return [] }
            throw notSet(key)
        }
        try context.write(removals, toSuite: suite)
        return stored.keys.sorted()
    }

    /// Deletes the whole suite, after asking unless `force`.
    ///
    /// Every key goes in one write, the undecodable ones too, and, where the store keeps more than keys, the suite itself (the file store removes its file, keeping it as the
    /// previous version), so that it leaves `suites` and the editor as `defaults delete DOMAIN` removes a domain.
    /// The history records every key's removal: `prefs undo` brings the suite back whole.
    ///
    /// - Parameters:
    ///   - force: Whether to delete without asking.
    ///   - confirm: Asks a person, with the question; `nil` when none can be asked (standard input is no terminal).
    /// - Returns: The keys deleted.
    /// - Throws: ``ToolError`` for a suite that does not exist, or when not forced and nobody can be asked or the
    ///   answer is no; the store's error. Nothing is written then.
    @discardableResult
    public func deleteSuite(force: Bool, confirm: ((String) -> Bool)?) throws -> Set<String> {
        let target = try context.existingSuite(suite, reading: false)
        let keys = Set(target.primitiveValues().keys).union(context.undecodableKeys(of: target))
        if !force {
            guard let confirm else {
                throw ToolError(
                    "refusing to delete suite \(TextEscaping.quoted(suite)) unasked; use --force", code: .refused)
            }
            let count = keys.count == 1 ? "its 1 key" : "its \(keys.count) keys"
            guard confirm("Delete suite \(TextEscaping.quoted(suite)) and \(count)?") else {
                throw ToolError("nothing deleted", code: .refused)
            }
        }
        if let removal = target.removal {
            _ = try removal.removeSuite()
        } else if !keys.isEmpty {
            // All a store without files holds is its keys: PostgreSQL's rows, GSettings' values (reset to the
            // schema's defaults).
            try target.setPrimitiveValues(Dictionary(uniqueKeysWithValues: keys.map { ($0, nil) }))
        }
        return keys
    }

    /// Appends elements to an array key, creating it when it is not stored.
    ///
    /// Each element is read as the schema's element type, else as the type of the array's elements, else as
    /// `type`, else as a string.
    ///
    /// - Parameters:
    ///   - texts: The elements, as typed.
    ///   - key: The key.
    ///   - type: The elements' type when neither the schema nor the array gives it.
    ///   - force: Whether to write a key the schema does not declare.
    /// - Throws: ``ToolError`` when the key holds something other than an array, or an element does not parse;
    ///   nothing is written.
    public func append(_ texts: [String], toKey key: String, type: ValueText.ValueType?, force: Bool) throws {
        let existing = try context.currentValues(of: [key], inSuite: suite)[key]
        var elements: [PropertyListValue] = []
        if let existing {
            guard case .array(let stored) = existing else { throw notA("an array", key: key, holding: existing) }
            elements = stored
        }
        let schema = try context.schema(for: suite)
        let kind = try elementKind(of: key, in: schema, stored: elements.first, type: type, collection: "array")
        for text in texts { elements.append(try parse(text, as: kind, key: key)) }
        try write(.array(elements), toKey: key, replacing: existing, schema: schema, force: force)
    }

    /// Adds members to a dictionary key, creating it when it is not stored; a member it holds is replaced.
    ///
    /// - Parameters:
    ///   - pairs: The members' names and values, as typed.
    ///   - key: The key.
    ///   - type: The values' type when neither the schema nor the dictionary gives it.
    ///   - force: Whether to write a key the schema does not declare.
    /// - Throws: ``ToolError`` when the key holds something other than a dictionary, or a value does not parse;
    ///   nothing is written.
    public func add(_ pairs: [(String, String)], toKey key: String, type: ValueText.ValueType?, force: Bool) throws {
        let existing = try context.currentValues(of: [key], inSuite: suite)[key]
        var members: [String: PropertyListValue] = [:]
        if let existing {
            guard case .dictionary(let stored) = existing else {
                throw notA("a dictionary", key: key, holding: existing)
            }
            members = stored
        }
        let sample = members.sorted { $0.key < $1.key }.first?.value
        let schema = try context.schema(for: suite)
        let kind = try elementKind(of: key, in: schema, stored: sample, type: type, collection: "dictionary")
        for (name, text) in pairs {
            try ValueText.checkPrintable(name, what: "member name")
            members[name] = try parse(text, as: kind, key: key)
        }
        try write(.dictionary(members), toKey: key, replacing: existing, schema: schema, force: force)
    }

    /// Sets or removes the place a path names inside a key's value.
    ///
    /// A value set where one is stored keeps its type unless `type` names another; a new one takes the type of the
    /// elements beside it, else `type`, else it is a string.
    ///
    /// - Parameters:
    ///   - text: The value, as typed; `nil` removes the place.
    ///   - path: The place inside the value.
    ///   - key: The key, which must hold an array or a dictionary.
    ///   - type: The value's type.
    /// - Throws: ``ToolError`` when the path leads nowhere or the value does not parse; nothing is written.
    public func set(_ text: String?, at path: ValuePath, inKey key: String, type: ValueText.ValueType?) throws {
        guard let existing = try context.storedValues(of: [key], inExistingSuite: suite)[key] else {
            throw notSet(key)
        }
        var value: PropertyListValue?
        if let text {
            try ValueText.checkPrintable(text, what: "value")
            if let type {
                value = try ValueText.parse(text, as: type)
            } else if let old = (try? path.value(in: existing)) ?? path.sibling(in: existing) {
                value = try ValueText.parse(text, keepingTypeOf: old, key: "\(key)\(path)")
            } else {
                value = .string(text)
            }
        }
        let updated = try path.setting(value, in: existing)
        try write(updated, toKey: key, replacing: existing, schema: context.schema(for: suite), force: true)
    }

    // MARK: - Helpers

    private func write(
        _ value: PropertyListValue, toKey key: String, replacing old: PropertyListValue?, schema: PreferenceSchema?,
        force: Bool
    ) throws {
        try ValueText.checkPrintable(value, what: "value")
        try check(value, forKey: key, schema: schema, force: force, action: "write")
        try context.write([key: value], expecting: [key: old], toSuite: suite)
    }

    private func check(
        _ value: PropertyListValue, forKey key: String, schema: PreferenceSchema?, force: Bool, action: String
    ) throws {
        guard let schema else { return }
        guard let entry = schema[key] else {
            try ToolError.checkDeclared(key, suite: suite, action: action, schema: schema, force: force)
            return
        }
        try entry.validate(value)
    }

    private func elementKind(
        of key: String, in schema: PreferenceSchema?, stored: PropertyListValue?, type: ValueText.ValueType?,
        collection: String
    ) throws -> PrimitiveKind? {
        if let entry = schema?[key] {
            switch entry.storage {
            case .array(let kind) where collection == "array": return kind
            case .dictionary(let kind) where collection == "dictionary": return kind
            default:
                throw ToolError(
                    "key \(TextEscaping.quoted(key)) is declared as \(entry.storage), not \(ValueText.article(collection)) "
                        + collection, code: .invalidValue)
            }
        }
        if let type { return type.kind }
        return stored?.kind ?? .string
    }

    private func parse(_ text: String, as kind: PrimitiveKind?, key: String) throws -> PropertyListValue {
        try ValueText.checkPrintable(text, what: "value")
        guard let kind else { return .string(text) }
        switch kind {
        case .array, .dictionary:
            do { return try PropertyListValue(jsonText: text, as: kind) } catch {
                throw ToolError("invalid element for \(TextEscaping.quoted(key)): \(error)", code: .invalidValue)
            }
        default:
            do { return try PropertyListValue(parsing: text, as: kind) } catch {
                throw ToolError("invalid element for \(TextEscaping.quoted(key)): \(error)", code: .invalidValue)
            }
        }
    }

    private func notSet(_ key: String) -> ToolError {
        ToolError("key \(TextEscaping.quoted(key)) is not set in suite \(TextEscaping.quoted(suite))", code: .noKey)
    }

    private func notA(_ shape: String, key: String, holding value: PropertyListValue) -> ToolError {
        let name = ValueText.typeName(of: value)
        return ToolError(
            "key \(TextEscaping.quoted(key)) holds \(ValueText.article(name)) \(name), not \(shape); nothing was written",
            code: .invalidValue)
    }
}
