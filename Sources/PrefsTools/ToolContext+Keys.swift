public import PrefsCore

extension ToolContext {
    /// The stored values of some keys of a suite that must exist, without reading the rest of the suite when the store
    /// can (``/PrefsCore/KeyedSuiteStore``).
    ///
    /// A key found proves that the suite exists; only when none is found does the store say whether the suite holds
    /// other keys, or the schemas whether one declares it.
    ///
    /// - Parameters:
    ///   - keys: The keys.
    ///   - name: The suite's name.
    /// - Returns: The values of the keys that are stored.
    /// - Throws: ``ToolError`` when the suite does not exist, or the store's error for a bad name or an unreadable
    ///   suite.
    public func storedValues(of keys: [String], inExistingSuite name: String) throws -> [String: PropertyListValue] {
        guard let store = try store(creating: false) else {
            let suite = try existingSuite(name)
            return keys.reduce(into: [:]) { values, key in values[key] = suite.primitiveValue(forKey: key) }
        }
        guard let keyed = store.keyedAccess else {
            // A key found proves the suite exists, without listing it: one call to xfconfd or dconf, not two.
            let opened = try suite(name, in: store)
            let found = keys.reduce(into: [:]) { values, key in values[key] = opened.primitiveValue(forKey: key) }
            if !found.isEmpty {
                try checkUsable(opened, name: name, reading: true)
                return found
            }
            let suite = try existingSuite(name)
            return keys.reduce(into: [:]) { values, key in values[key] = suite.primitiveValue(forKey: key) }
        }
        let values = try keyed.primitiveValues(forKeys: keys, inSuite: name)
        guard try !values.isEmpty || keyed.holdsKeys(suite: name) || schemas().schemaSuites().contains(name) else {
            throw missing(name)
        }
        return values
    }

    /// Stores and removes keys of a suite as one write, creating the suite by its first key, without reading the rest
    /// of the suite when the store can (``/PrefsCore/KeyedSuiteStore``).
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - name: The suite's name.
    ///   - format: The document format to keep the suite in from then on (`xml`, `binary`), for a store whose suites
    ///     are documents (``/PrefsCore/DocumentSuite``); `nil` keeps the suite's.
    /// - Throws: The store's error for a bad name or an unusable suite; nothing is written then.
    public func write(_ changes: [String: PropertyListValue?], toSuite name: String, format: String? = nil) throws {
        if let format {
            let suite = try writableSuite(name)
            guard let document = suite.document else {
                throw ToolError(
                    "suite \(TextEscaping.quoted(name)) is not kept as a file; --format applies to the file store",
                    code: .usage)
            }
            guard document.documentFormats.contains(format) else {
                throw ToolError(
                    "unknown format \(TextEscaping.quoted(format)); use one of "
                        + document.documentFormats.joined(separator: ", "), code: .usage)
            }
            try StoredPrecision.check(changes, schema: try schema(for: name)) {
                document.storedForm(of: $0, inFormat: format)
            }
            try document.commit(changes, format: format)
            return
        }
        if let keyed = try store().keyedAccess {
            try keyed.commit(changes, inSuite: name)
            return
        }
        // Every store writes several keys at once through the protocol; no capability cast on this path.
        try SuiteWrite.commit(changes, to: try writableSuite(name), schema: try schema(for: name))
    }

    /// Writes a key from text in the store's own value syntax (`--type gvariant`), which the store parses and checks.
    ///
    /// - Parameters:
    ///   - text: The value, in the syntax.
    ///   - syntax: The syntax's name, as `--type` takes it.
    ///   - key: The key.
    ///   - name: The suite's name.
    /// - Throws: ``ToolError`` when the suite's store has no such syntax; the store's error when the text does not
    ///   parse or fit the key; nothing is written then.
    public func writeNativeText(_ text: String, syntax: String, toKey key: String, inSuite name: String) throws {
        let suite = try writableSuite(name)
        guard let native = suite.nativeText, native.nativeSyntax == syntax else {
            throw ToolError(
                "--type \(syntax) is the value syntax of another kind of store; suite \(TextEscaping.quoted(name)) "
                    + "takes string, int, float, bool, date, data or json", code: .usage)
        }
        try native.writeNativeText(text, forKey: key)
    }

    /// The stored values of some keys of a suite that may not exist, without reading the rest of the suite when the
    /// store can, and without creating anything.
    ///
    /// - Parameters:
    ///   - keys: The keys.
    ///   - name: The suite's name.
    /// - Returns: The values of the keys that are stored; empty for a suite or store that does not exist.
    /// - Throws: The store's error for a bad name or an unreadable suite.
    public func currentValues(of keys: [String], inSuite name: String) throws -> [String: PropertyListValue] {
        guard let store = try store(creating: false) else { return [:] }
        if let keyed = store.keyedAccess { return try keyed.primitiveValues(forKeys: keys, inSuite: name) }
        let suite = try suite(name, in: store)
        try checkUsable(suite, name: name)
        return keys.reduce(into: [:]) { values, key in values[key] = suite.primitiveValue(forKey: key) }
    }
}

extension ToolContext {
    /// The system layers and locks of a suite (``/PrefsCore/SystemLayers``), as its store reads them now.
    ///
    /// A store read by key (``/PrefsCore/KeyedSuiteStore``) keeps no system layers, so its suites are not opened for
    /// them.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: The layers; ``/PrefsCore/SystemLayers/none`` when the store does not exist.
    /// - Throws: The store's error for a bad name.
    public func systemLayers(ofSuite name: String) throws -> SystemLayers {
        guard let store = try store(creating: false), store.keyedAccess == nil else { return .none }
        return try suite(name, in: store).systemLayers
    }

    /// Refuses a verb that would touch a locked key before it looks for the key, so that `delete` or `rename` of a
    /// locked key the user never set says it is locked, as a write does, rather than that it is not set.
    ///
    /// - Parameters:
    ///   - keys: The keys the verb would change or remove.
    ///   - name: The suite's name.
    /// - Throws: ``/PrefsCore/PersistentKeyValueStoreError/locked(key:suite:by:)`` for the first locked key.
    public func checkUnlocked(_ keys: [String], inSuite name: String) throws {
        let locks = try systemLayers(ofSuite: name).locks
        guard !locks.isEmpty else { return }
        for key in keys.sorted() {
            if let lock = locks.lock(forKey: key) {
                throw PersistentKeyValueStoreError.locked(key: key, suite: name, by: lock)
            }
        }
    }

    /// Stores and removes keys of a suite as one write, if some keys still hold what the caller read: under the
    /// suite's lock for the file store.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What each of these keys must hold; `nil` means not stored.
    ///   - name: The suite's name.
    /// - Throws: The store's error naming a key that changed, or another; nothing is written then.
    public func write(
        _ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?], toSuite name: String
    ) throws {
        try SuiteWrite.commit(changes, to: try writableSuite(name), schema: try schema(for: name), expecting: expecting)
    }
}
