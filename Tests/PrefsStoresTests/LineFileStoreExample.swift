// The store article's example store, compiled here and compared with the article by ReadmeTests; its own row of the
// store-kind table passes the conformance suites in StoreKindConformanceTests.
// README line file store example: begin
import Foundation
import PrefsKit
import PrefsStoreKit
import Synchronization
import SystemPackage

/// A store of `key=JSON` files, one suite per `NAME.lines` file of a folder: its format, its plan, and the kit.
public final class LineFileStore: SuiteStore {
    public let directory: URL
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let journal: SuiteJournal
    private let open = Mutex<[String: LineFileSuite]>([:])

    public init(directory: URL, journalDirectory: URL) {
        self.directory = directory
        journal = SuiteJournal(directory: journalDirectory)
    }

    public var locationDescription: String { "line files in \(directory.path)" }
    public var schemaSource: any PreferenceSchemaSource { GivenSchemas([:]) }

    public func listSuites() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return names.filter { $0.hasSuffix(".lines") && !$0.hasPrefix(".") }.map { String($0.dropLast(6)) }.sorted()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore { try suite(name) }

    /// The suite of a name, one object per name; one opened for another program's change starts as if empty, so
    /// that what it holds is told.
    func suite(_ name: String, seenEmpty: Bool = false) throws -> LineFileSuite {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/") else {
            throw PersistentKeyValueStoreError(.refused, message: "\(name) is no suite name: a file name, not hidden")
        }
        return open.withLock { open in
            if let suite = open[name] { return suite }
            let suite = LineFileSuite(name: name, store: self, seenEmpty: seenEmpty)
            open[name] = suite
            return suite
        }
    }

    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void, onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        changeNotifier.addObserver(handler, onProblem: onProblem)
    }

    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        changeNotifier.addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
    }

    /// Watches the folder until the task ends: each file another program changed is read and its differences told.
    public func run() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let watcher = try DirectoryWatcher(
            directory: FilePath(directory.path), suffixes: [".lines"],
            onChange: { [weak self] names, overflowed in self?.changed(overflowed ? nil : names) },
            onFailure: { [weak self] error in self?.changeNotifier.report(error) })
        try watcher.start()
        let holding = PersistentKeyValueObservation { withExtendedLifetime(watcher) {} }
        try await WatchService.run(holding: holding, problemsOf: changeNotifier)
    }

    private func changed(_ names: Set<String>?) {
        do {
            for name in try names.map(Array.init) ?? listSuites() { try suite(name, seenEmpty: true).refresh() }
        } catch {
            changeNotifier.report(error)
        }
    }
}

/// One `NAME.lines` file: lines `key=JSON`, and comments and blank lines kept as they are.
public final class LineFileSuite: JournaledSuite, Sendable {
    public let name: String
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { .none }
    public var journal: SuiteJournal { store.journal }
    public var journalName: String { name }
    let store: LineFileStore
    let file: URL
    /// What this suite last saw the file hold, to tell other programs' changes from its own.
    let seen: SeenValues

    init(name: String, store: LineFileStore, seenEmpty: Bool) {
        self.name = name
        self.store = store
        file = store.directory.appendingPathComponent(name + ".lines")
        seen = SeenValues(seenEmpty ? [:] : nil)
        if !seenEmpty { seen.prime(readOrReport().values) }
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? { readOrReport().values[key] }
    public func primitiveValues() -> [String: PropertyListValue] { readOrReport().values }

    /// Writes keys as one: under the suite's lock the file is read and each change planned, staged in the journal,
    /// made by replacing the file, and committed; a key that no longer holds what `expecting` says refuses it all.
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        let applied = try journal.write(suite: name, timeout: .seconds(5), onFailure: reportWriteFailure) { writer in
            var lines = try read()
            let held = lines.values
            if let key = expecting.keys.sorted().first(where: { held[$0] != expecting[$0] ?? nil }) {
                throw PersistentKeyValueStoreError.changedSince(key: key)
            }
            var planned: [PersistentKeyValueChange] = []
            for key in changes.keys.sorted() where held[key] != changes[key] ?? nil {
                try lines.set(key, to: changes[key] ?? nil)
                planned.append(
                    PersistentKeyValueChange(
                        suite: name, key: key, oldValue: held[key], newValue: changes[key] ?? nil,
                        origin: .thisProcess, writer: writer))
            }
            let text = Data(lines.text.utf8)
            return SuiteJournal.Plan(changes: planned) { [self] in
                try seen.making(planned) {
                    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
                    try text.write(to: file, options: .atomic)
                }
            }
        }
        post(applied)
        return applied
    }

    /// Tells what another program changed, attributed to its writer when the journal knows it.
    func refresh() {
        let differences = seen.differences { seenKeys in
            let now = readOrReport().values
            return Set(now.keys).union(seenKeys).sorted().map { ($0, now[$0]) }
        }
        post(journal.attribute(differences, suite: name, named: name, timeout: .milliseconds(200)))
    }

    private func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }

    private func read() throws -> LineFile {
        guard FileManager.default.fileExists(atPath: file.path) else { return LineFile(text: "") }
        let data = try Data(contentsOf: file)
        guard data.count <= 1 << 20 else {
            throw PersistentKeyValueStoreError(.corrupt, message: "\(file.path) is over 1 MiB")
        }
        return LineFile(text: String(decoding: data, as: UTF8.self))
    }

    private func readOrReport() -> LineFile {
        do {
            return try read()
        } catch {
            changeNotifier.report(error)
            return LineFile(text: "")
        }
    }
}

/// The format: its parser and its plan, each line kept but those of the keys set.
struct LineFile {
    private var lines: [String]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
    }

    var text: String { lines.map { $0 + "\n" }.joined() }

    var values: [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for line in lines { if let (key, value) = Self.entry(line) { values[key] = value } }
        return values
    }

    /// A line's key and value; a comment, a blank line or a line that is not `key=JSON` is none.
    private static func entry(_ line: String) -> (String, PropertyListValue)? {
        guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
        let json = String(line[line.index(after: equals)...])
        guard let value = try? PropertyListValue(jsonText: json, as: nil) else { return nil }
        return (String(line[..<equals]), value)
    }

    /// Sets a key's line, added at the end when it has none; `nil` removes it.
    mutating func set(_ key: String, to value: PropertyListValue?) throws {
        guard !key.isEmpty, !key.hasPrefix("#"), !key.contains("="), !key.contains("\n") else {
            throw PersistentKeyValueStoreError(.refused, key: key, message: "\(key) is no key of a line file")
        }
        let index = lines.firstIndex { Self.entry($0)?.0 == key }
        guard let value else {
            if let index { lines.remove(at: index) }
            return
        }
        guard Self.holds(value) else {
            throw PersistentKeyValueStoreError(
                .refused, key: key, message: "a line file holds no dates or data, so \(key) was not written")
        }
        let line = key + "=" + value.jsonText()
        if let index { lines[index] = line } else { lines.append(line) }
    }

    private static func holds(_ value: PropertyListValue) -> Bool {
        switch value {
        case .date, .data: false
        case .array(let items): items.allSatisfy(holds)
        case .dictionary(let entries): entries.values.allSatisfy(holds)
        default: true
        }
    }
}
// README line file store example: end
