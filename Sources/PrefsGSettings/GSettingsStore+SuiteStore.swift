public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import ServiceLifecycle
import Synchronization

extension GSettingsStore: SuiteStore {
    public var locationDescription: String { "GSettings (dconf)" }

    /// The installed schemas.
    public var schemaSource: any PreferenceSchemaSource { GSettingsSchemas(store: self) }

    /// The suites that hold values, sorted: the schemas and known relocatable instances whose keys a user set, and
    /// the dconf directories that hold keys no schema describes.
    ///
    /// Every installed schema is a suite too; ``schemaSource`` lists them all. Read from the files GSettings reads
    /// while GIO is not loaded (the compiled schemas and dconf's databases); through GIO, without dconf's client library the directories are
    /// left out, and opening one names what to install.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO must be asked and cannot be loaded.
    public func listSuites() throws -> [String] {
        try listSuites(in: catalog())
    }

    /// The suites that hold values, as ``listSuites()`` lists them, from one catalog.
    func listSuites(in catalog: any SettingsCatalog) -> [String] {
        let instances = listedRelocatableInstances(in: catalog)
        let held = Set(catalog.schemaIDs().fixed + instances + openedNames()).filter {
            catalog.holdsUserValue(suite: $0)
        }
        return (held + directoryNamesIfAvailable(in: catalog)).sorted()
    }

    /// The dconf directories that hold keys no schema describes; none when the user's mappings cannot be read,
    /// which the listing of instances has said.
    func directoryNamesIfAvailable(in catalog: any SettingsCatalog) -> [String] {
        (try? directorySuiteNames(in: catalog)) ?? []
    }

    /// A suite by name: a dconf directory (`/org/example/`) or a schema (`SCHEMA`, `SCHEMA:/path/`).
    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        name.hasPrefix("/") ? try directory(name) : try suite(name)
    }

    public func checkSuiteName(_ name: String) throws {
        _ = try anySuite(name)
    }

    /// Observes every change to every installed schema, and to the relocatable suites opened, whoever makes them.
    ///
    /// Handlers run on the writing thread for this process's writes, and for others', which arrive only while
    /// ``run()`` runs, on GLib's main loop thread or the thread that hears dconf's signal; one suite's changes are
    /// told one at a time, in order.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        observed.observe(changeNotifier, handler, onProblem: onProblem) {
            // Without GIO there is nothing to observe; run() and every read say why.
            let catalog = try? self.catalog()
            let fixed = catalog?.schemaIDs().fixed ?? []
            let schemas = Set(fixed + (catalog.map(listedRelocatableInstances(in:)) ?? []) + openedNames())
            var opened: [String: any PersistentKeyValueStore & Sendable] = [:]
            for name in schemas { opened[name] = try? suite(name) }
            // dconf's directories: every change under / is announced, so that a directory made later is seen too.
            if let client = try? dconf() {
                GIOLock.run { client.watch("/") }
                for name in catalog.map(directoryNamesIfAvailable(in:)) ?? [] { opened[name] = try? directory(name) }
            }
            return opened
        }
    }

    /// Observes some suites only, opening no other schema.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let opened: [any PersistentKeyValueStore & Sendable] = suites.compactMap { name in
            name.hasPrefix("/") ? try? directory(name) : try? suite(name)
        }
        if suites.contains(where: { $0.hasPrefix("/") }), let client = try? dconf() {
            for name in suites where name.hasPrefix("/") { GIOLock.run { client.watch(name) } }
        }
        let registration = changeNotifier.addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
        return PersistentKeyValueObservation {
            withExtendedLifetime(opened) { registration.cancel() }
        }
    }

    /// Runs GLib's main loop, where GSettings delivers other programs' changes, until the task is cancelled or a
    /// graceful shutdown begins.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded.
    public func run() async throws {
        // Before GIO is loaded, while the suites read files: dconf's signal reaches them sooner this way.
        // Monitoring first: a change heard is then one whose call was heard too.
        let callers = startDconfCallers()
        let listener = startDconfListener()
        defer {
            listener?.stop()
            callers?.stop()
            dconfCallers.withLock { $0 = nil }
        }
        try GIOLibrary.load()
        try connectOpenSuites()
        await cancelWhenGracefulShutdown {
            await MainLoop.run {
                ChangeQueue.deliver()
                DconfChangeQueue.deliver()
            }
        }
    }
}
