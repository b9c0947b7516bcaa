import PrefsCore

extension SuiteEdit {
    /// How `prefs write` changes part of a value rather than the whole.
    public enum PartOfValue: Sendable, Equatable {
        /// `--array-add`: values appended to an array.
        case arrayAdd
        /// `--dict-add`: members set in a dictionary, from names and values in turn.
        case dictAdd
        /// `--path`: the value at a JSON Pointer.
        case path(String)
    }

    /// What `prefs write --array-add`, `--dict-add` and `--path` do: read the key, change part of its value, and
    /// write it back in one step that fails rather than overwrite another writer's change made in between.
    ///
    /// - Parameters:
    ///   - part: Which part to change.
    ///   - texts: The values, as text; names and values in turn for ``PartOfValue/dictAdd``.
    ///   - key: The key.
    ///   - type: The values' type when no schema gives it.
    ///   - force: Whether to write a key the schema does not declare.
    /// - Throws: ``ToolError`` for values that do not fit the key (with code `usage` for an odd number of words to
    ///   `--dict-add`), or the store's error; nothing is written then.
    public func write(
        _ part: PartOfValue, _ texts: [String], toKey key: String, type: ValueText.ValueType?, force: Bool
    ) throws {
        switch part {
        case .arrayAdd:
            try append(texts, toKey: key, type: type, force: force)
        case .dictAdd:
            guard texts.count % 2 == 0 else {
                throw ToolError(
                    "--dict-add takes names and values in pairs; \(texts.count) words were given", code: .usage)
            }
            try add(
                stride(from: 0, to: texts.count, by: 2).map { (texts[$0], texts[$0 + 1]) }, toKey: key, type: type,
                force: force)
        case .path(let pointer):
            try set(texts.first ?? "", at: ValuePath(pointer), inKey: key, type: type)
        }
    }

    /// What `prefs delete` does: removes the part of a key's value at a JSON Pointer, a key with its former names,
    /// or the whole suite (``deleteSuite(force:confirm:)``).
    ///
    /// - Parameters:
    ///   - key: The key; the whole suite when `nil`.
    ///   - path: A JSON Pointer inside the key's value, when only that part goes.
    ///   - force: Whether every key goes without asking.
    ///   - confirm: Asks a person before every key goes, when there is one to ask.
    /// - Returns: The keys removed or changed.
    /// - Throws: ``ToolError`` for a key or suite that does not exist, or a removal of every key neither forced nor
    ///   confirmed; the store's error. Nothing is written then.
    public func delete(key: String?, at path: String?, force: Bool, confirm: ((String) -> Bool)?) throws -> [String] {
        guard let key else { return try deleteSuite(force: force, confirm: confirm).sorted() }
        guard let path else { return try delete(key, absentIsFine: force) }
        try set(nil, at: ValuePath(path), inKey: key, type: nil)
        return [key]
    }
}
