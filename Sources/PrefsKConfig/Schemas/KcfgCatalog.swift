import Logging
public import PrefsCore
import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The installed KConfigXT schemas as PrefsKit's: the `.kcfg` files of `$XDG_DATA_HOME/config.kcfg` and of each
/// `$XDG_DATA_DIRS` folder's `config.kcfg`, each describing the file its `<kcfgfile name=…>` names.
///
/// A file is parsed only when its suite's schema is asked for: the others are told apart by their `<kcfgfile>` tag
/// alone. Several files may describe one suite (an application and its plugins); their entries are merged, the first
/// folder's first. They are installed by packages, so installing or removing one here is refused.
public struct KcfgCatalog: PreferenceSchemaSource {
    /// The folders searched, the first wins.
    public let folders: [URL]
    private let cache = Cache()
    /// The index kept between runs.
    private let kept: KcfgIndexCache

    /// The schemas of an environment's data folders.
    ///
    /// - Parameter environment: Where `XDG_DATA_HOME`, `XDG_DATA_DIRS` and `HOME` are read.
    public init(environment: [String: String] = ProcessEnvironment.current) {
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        folders =
            [XDGDirectories.dataHome(environment: environment).appendingPathComponent("config.kcfg")]
            + system.split(separator: ":").filter { $0.hasPrefix("/") }.map {
                URL(fileURLWithPath: String($0)).appendingPathComponent("config.kcfg")
            }
        kept = KcfgIndexCache(environment: environment)
    }

    public var schemaLocationDescription: String { folders.map(\.path).joined(separator: ", ") }

    /// The suites some `.kcfg` file describes, sorted.
    public func schemaSuites() throws -> [String] {
        Set(index().compactMap(\.suite)).sorted()
    }

    /// The schema of a suite, merged from every `.kcfg` that describes it.
    ///
    /// - Throws: ``KConfigStoreError/unreadableSchema(path:reason:)`` for a `.kcfg` of this suite that cannot be read.
    public func schema(for suite: String) throws -> PreferenceSchema? {
        try described(suite)?.schema
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw KConfigStoreError.readOnlySchemas
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw KConfigStoreError.readOnlySchemas
    }

    /// A suite's schema and the type of each key it declares.
    struct Described: Sendable {
        let schema: PreferenceSchema
        let types: [String: KConfigValueType]
    }

    /// A suite's schema and types, read once.
    func described(_ suite: String) throws(KConfigStoreError) -> Described? {
        if let known = cache.described.withLock({ $0[suite] }) { return known }
        var entries: [PreferenceSchemaEntry] = []
        var types: [String: KConfigValueType] = [:]
        for file in index() where file.suite == suite {
            let schema: KcfgSchema
            var bytes: [UInt8] = []
            do {
                guard let read = try KConfigDisk.read(FilePath(file.path)) else { continue }
                bytes = read
                schema = try KcfgSchema(SmallXML.parse(bytes))
            } catch {
                // KDE's programs read their files without the .kcfg, so prefs does too, saying why; unless the schema
                // may declare a secret, whose value untyped would show: then the file waits for a readable schema.
                guard !Self.mayDeclareSecrets(bytes) else {
                    throw .unreadableSchema(
                        path: file.path, reason: "\(error); it declares a Password entry, so its file is not shown")
                }
                // Logged as an error so that it shows at prefs' default level; the command goes on.
                let problem = "cannot read the KConfigXT schema \(file.path): \(error); \(suite) is read without it"
                PrefsLogging.logger.error("warning: \(TextEscaping.escaped(problem))")
                continue
            }
            for entry in schema.entries where types[entry.entry.id] == nil {
                types[entry.entry.id] = entry.type
                entries.append(entry.entry)
            }
        }
        let described: Described?
        if entries.isEmpty {
            described = nil
        } else {
            do {
                var schema = try PreferenceSchema(suite: suite, entries: entries)
                // A `.kcfg` types the keys one program reads through KConfigXT; its file holds many others (window
                // state, other components, plugins) that kwriteconfig5 writes as freely.
                schema.undeclaredKeys = .written
                described = Described(schema: schema, types: types)
            } catch {
                throw .unreadableSchema(path: suite, reason: "\(error)")
            }
        }
        cache.described.withLock { $0[suite] = described }
        return described
    }

    /// Whether a `.kcfg` that cannot be parsed may declare a `Password` entry: the word anywhere in it, in any case.
    static func mayDeclareSecrets(_ bytes: [UInt8]) -> Bool {
        let word = Array("password".utf8)
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) {
            if zip(bytes[start..<(start + word.count)], word).allSatisfy({ $0 | 0x20 == $1 }) { return true }
        }
        return false
    }

    /// One `.kcfg` file: where it is, the suite its `<kcfgfile>` names, and what it was when read
    /// (``KcfgIndexCache/fileIdentity(of:)``).
    struct IndexedFile: Sendable {
        let path: String
        let suite: String?
        let identity: String
    }

    /// Every `.kcfg` file of the folders, each told apart by its `<kcfgfile>` tag, read once; a file whose start
    /// cannot be read is left out, since which file it describes cannot be known (one that is read but does not
    /// parse is named when its suite's schema is asked for).
    ///
    /// The index is kept between runs (``KcfgIndexCache``); a scan reads only the start of each file, where every
    /// `.kcfg` KDE ships has the tag. A Plasma machine holds about 150 of them, which a one-key `read` would
    /// otherwise open and read whole (measured: 6.4 ms against 2.7 ms for a read without them, over 150 files of
    /// 8 KiB; 4.4 ms reading their starts).
    func index() -> [IndexedFile] {
        cache.index.withLock { index in
            if let index { return index }
            let paths = folders.map(\.path)
            if let known = kept.load(folders: paths) {
                index = known
                return known
            }
            // Taken before the scan, so that a folder changed while it runs is scanned again next time.
            let identities = paths.map(KcfgIndexCache.identity(of:))
            var files: [IndexedFile] = []
            for folder in folders {
                // A folder that cannot be listed holds no schema for prefs.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                for name in names.sorted() where name.hasSuffix(".kcfg") && !name.hasPrefix(".") {
                    let path = folder.path + "/" + name
                    // Taken before the read, so that a file rewritten meanwhile is read again next time.
                    let identity = KcfgIndexCache.fileIdentity(of: path)
                    guard let head = try? KConfigDisk.readStart(FilePath(path), count: Self.headSize) else { continue }
                    var suite = Self.suiteName(in: head)
                    if suite == nil, head.count == Self.headSize, let whole = try? KConfigDisk.read(FilePath(path)) {
                        suite = Self.suiteName(in: whole)
                    }
                    files.append(IndexedFile(path: path, suite: suite, identity: identity))
                }
            }
            kept.save(files, folders: paths, identities: identities)
            index = files
            return files
        }
    }

    /// How much of a `.kcfg` is read to find its `<kcfgfile>` tag.
    static let headSize = 2048

    /// The `name` of a file's `<kcfgfile>` tag, found without parsing the rest.
    static func suiteName(in bytes: [UInt8]) -> String? {
        let tag = Array("<kcfgfile".utf8)
        var start: Int?
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            if bytes[open...].starts(with: tag) {
                start = open + tag.count
                break
            }
            index = open + 1
        }
        guard let start, let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let nameStart = text.firstRange(of: "name=")?.upperBound, let quote = text[nameStart...].first,
            quote == "\"" || quote == "'"
        else { return nil }
        let value = text[text.index(after: nameStart)...].prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }

    /// What has been read, shared by copies of the catalog.
    private final class Cache: Sendable {
        let index = Mutex<[IndexedFile]?>(nil)
        let described = Mutex<[String: Described?]>([:])
    }
}
