public import PrefsCore
import Synchronization

/// What a tool works on: a store of suites and its schemas, reached only through PrefsKit's protocols.
///
/// The store is opened on first use and shared by everything the command does, so that a command checking a suite
/// and then opening the editor connects and reads once. A store that does not exist yet (a configuration directory
/// not created) is created only by commands that write.
public final class ToolContext: Sendable {
    /// Where the suites are, for messages, before the store is opened.
    public let locationDescription: String
    /// Reads and writes whole suites as property list documents.
    public let codec: any PropertyListDocumentCodec
    private let opener: @Sendable (_ creating: Bool) throws -> (any SuiteStore)?
    /// The machine's stores as one, when the context is the machine view's; its store is that one.
    private let machineOpener: (@Sendable (_ creating: Bool) -> MachineStore)?
    private let schemaOpener: @Sendable () throws -> any PreferenceSchemaSource
    private let opened = Mutex<(any SuiteStore)?>(nil)
    /// The suites opened, kept for the context's life: a store holds its suites weakly, so a command that reads a
    /// key and then writes it would otherwise open the suite, and read its file and layers, twice before its write.
    private let suites = Mutex<[String: KeptSuite]>([:])

    /// A suite the context keeps.
    ///
    /// The stores behind a context (files, PostgreSQL, GSettings) make their suites safe to use from any thread, as
    /// PrefsKit's protocol does not promise for every store (`UserDefaults`), so the box vouches for them.
    private struct KeptSuite: @unchecked Sendable {
        let suite: any PersistentKeyValueStore
    }

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - locationDescription: Where the suites are, for messages.
    ///   - codec: Reads and writes property list documents.
    ///   - open: Opens the store; with `false`, returns `nil` rather than create one that does not exist.
    ///   - schemas: Opens the schemas' source.
    public init(
        locationDescription: String, codec: any PropertyListDocumentCodec,
        open: @escaping @Sendable (_ creating: Bool) throws -> (any SuiteStore)?,
        schemas: @escaping @Sendable () throws -> any PreferenceSchemaSource
    ) {
        self.locationDescription = locationDescription
        self.codec = codec
        opener = open
        schemaOpener = schemas
        machineOpener = nil
    }

    /// The context of the machine's stores as one (`prefs` alone).
    ///
    /// - Parameters:
    ///   - locationDescription: Where the suites are, for messages.
    ///   - codec: Reads and writes property list documents.
    ///   - machine: Opens the machine's store; with `false`, prefs' own suites only where their folder exists.
    public init(
        locationDescription: String, codec: any PropertyListDocumentCodec,
        machine: @escaping @Sendable (_ creating: Bool) -> MachineStore
    ) {
        self.locationDescription = locationDescription
        self.codec = codec
        opener = { machine($0) }
        schemaOpener = { machine(false).schemaSource }
        machineOpener = machine
    }

    /// The machine's stores, when this is the machine view's context: the store ``store(creating:)`` gives, known as
    /// what it is, without a cast.
    ///
    /// - Parameter creating: Whether prefs' own folder may be created.
    /// - Returns: The machine's store, or `nil` for any other context.
    public func machineStore(creating: Bool) -> MachineStore? {
        machineOpener?(creating)
    }

    /// The store, opened once.
    ///
    /// - Parameter creating: Whether to create a store that does not exist yet.
    /// - Returns: The store, or `nil` when it does not exist and `creating` is `false`.
    /// - Throws: The store's error when it cannot be opened.
    public func store(creating: Bool) throws -> (any SuiteStore)? {
        if let store = opened.withLock({ $0 }) { return store }
        guard let store = try opener(creating) else { return nil }
        return opened.withLock { opened in
            if let existing = opened { return existing }
            opened = store
            return store
        }
    }

    /// The store, created when it does not exist.
    ///
    /// - Throws: The store's error when it cannot be opened or created.
    public func store() throws -> any SuiteStore {
        guard let store = try store(creating: true) else {
            throw ToolError("cannot open the store at \(locationDescription)", code: .unreachable)
        }
        return store
    }

    /// Where the suites' schemas come from.
    ///
    /// - Throws: The store's error when its schemas cannot be reached.
    public func schemas() throws -> any PreferenceSchemaSource {
        try schemaOpener()
    }

    /// The schema of a suite, if it has one.
    ///
    /// - Throws: The source's error for an invalid name or an unreadable schema.
    public func schema(for suite: String) throws -> PreferenceSchema? {
        try schemas().schema(for: suite)
    }

    /// A suite that must already exist, as stored keys or as a schema, or, for `log` and `undo`, as a history.
    ///
    /// - Parameters:
    ///   - name: The suite's name.
    ///   - reading: Whether the caller reads its values, so that entries the store could not decode are reported and
    ///     refused; `delete` of a suite passes `false`, removing them too.
    ///   - orItsHistory: Whether a suite that holds nothing but whose history holds changes exists: a suite deleted
    ///     whole, which `undo` brings back.
    /// - Returns: The suite.
    /// - Throws: ``ToolError`` naming the suite and the store when it does not exist, or the store's error for a bad
    ///   name or an unreadable suite.
    public func existingSuite(
        _ name: String, reading: Bool = true, orItsHistory: Bool = false
    ) throws -> any PersistentKeyValueStore {
        guard let store = try store(creating: false) else {
            try checkName(name)
            guard try schemas().schemaSuites().contains(name) else { throw missing(name) }
            return try suite(name, in: self.store())
        }
        let suite = try suite(name, in: store)
        // A suite holding keys exists; only an empty one costs a listing (a directory read, a query). Schemas first:
        // listing GSettings' suites opens every schema.
        // A system layer's keys are the suite's too (a dconf directory only a system database fills).
        let holdsKeys =
            !(suite.transactions?.sortedKeys() ?? Array(suite.primitiveValues().keys)).isEmpty
            || !suite.systemLayers.keys.isEmpty
        guard
            try holdsKeys || schemas().schemaSuites().contains(name) || store.listSuites().contains(name)
                || (orItsHistory && suite.changeHistory?.lastChange() != nil)
        else { throw missing(name) }
        try checkUsable(suite, name: name, reading: reading)
        return suite
    }

    /// The keys of entries a suite holds that its store could not decode.
    public func undecodableKeys(of suite: any PersistentKeyValueStore) -> [String] {
        Array(suite.diagnostics?.undecodableEntries.keys ?? [:].keys)
    }

    /// Reports each entry the store could not decode on a line of its own, then refuses: a listing or a backup that
    /// left them out would look whole.
    ///
    /// - Throws: ``ToolError`` counting them, when there are any.
    private func checkDecodable(_ entries: [String: String], name: String) throws {
        guard !entries.isEmpty else { return }
        for key in entries.keys.sorted() {
            Output.error(
                "suite \(TextEscaping.quoted(name)): key \(TextEscaping.quoted(key)) holds "
                    + "\(TextEscaping.quoted(entries[key] ?? "", limit: 80)), which is not a value prefs can decode")
        }
        throw ToolError(
            "suite \(TextEscaping.quoted(name)) holds \(entries.count) entr\(entries.count == 1 ? "y" : "ies") prefs "
                + "cannot decode; nothing was read (prefs delete \(name) KEY removes one)", code: .corrupt)
    }

    /// A suite to write to, created by its first write.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: The suite.
    /// - Throws: The store's error for a bad name or an unusable suite.
    public func writableSuite(_ name: String) throws -> any PersistentKeyValueStore {
        let suite = try suite(name, in: store())
        try checkUsable(suite, name: name)
        return suite
    }

    /// A suite of the store, opened the first time the context asks for it and kept from then on.
    ///
    /// - Parameters:
    ///   - name: The suite's name.
    ///   - store: The context's store.
    /// - Returns: The suite.
    /// - Throws: The store's error for a bad name or a suite it cannot open.
    func suite(_ name: String, in store: any SuiteStore) throws -> any PersistentKeyValueStore {
        if let kept = suites.withLock({ $0[name] }) { return kept.suite }
        let opened = KeptSuite(suite: try store.anySuite(name))
        return suites.withLock { suites in
            if let kept = suites[name] { return kept }
            suites[name] = opened
            return opened
        }.suite
    }

    /// Throws a suite's problem, adding how to restore the version the last write replaced when there is one.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - name: Its name, for messages.
    ///   - reading: Whether the whole suite is about to be read, listed or exported: entries the store could not
    ///     decode are then reported and refused.
    /// - Throws: The suite's problem, or ``ToolError`` for entries that cannot be decoded.
    func checkUsable(_ suite: any PersistentKeyValueStore, name: String, reading: Bool = false) throws {
        let diagnostics = suite.diagnostics
        guard let problem = diagnostics?.suiteProblem else {
            if reading, let diagnostics { try checkDecodable(diagnostics.undecodableEntries, name: name) }
            return
        }
        guard suite.recovery?.canRestorePreviousVersion == true else { throw problem }
        throw ToolError(
            "\(problem); a readable previous version is kept beside it: "
                + "prefs recover \(TextEscaping.escaped(name)) --from-previous", code: .corrupt)
    }
}
