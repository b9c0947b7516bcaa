public import PrefsCore
import PrefsFileStore
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
            do {
                schema = try KcfgSchema(KcfgXML.parse(file.bytes))
            } catch {
                throw .unreadableSchema(path: file.path, reason: error.description)
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
                described = Described(schema: try PreferenceSchema(suite: suite, entries: entries), types: types)
            } catch {
                throw .unreadableSchema(path: suite, reason: "\(error)")
            }
        }
        cache.described.withLock { $0[suite] = described }
        return described
    }

    /// One `.kcfg` file: where it is, its bytes and the suite its `<kcfgfile>` names.
    struct IndexedFile: Sendable {
        let path: String
        let bytes: [UInt8]
        let suite: String?
    }

    /// Every `.kcfg` file of the folders, read once; a file that cannot be read is left out.
    func index() -> [IndexedFile] {
        cache.index.withLock { index in
            if let index { return index }
            var files: [IndexedFile] = []
            for folder in folders {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                for name in names.sorted() where name.hasSuffix(".kcfg") && !name.hasPrefix(".") {
                    let path = folder.appendingPathComponent(name).path
                    guard let data = FileManager.default.contents(atPath: path), data.count <= KcfgXML.maximumSize
                    else { continue }
                    let bytes = [UInt8](data)
                    files.append(IndexedFile(path: path, bytes: bytes, suite: Self.suiteName(in: bytes)))
                }
            }
            index = files
            return files
        }
    }

    /// The `name` of a file's `<kcfgfile>` tag, found without parsing the rest.
    static func suiteName(in bytes: [UInt8]) -> String? {
        let tag = Array("<kcfgfile".utf8)
        guard let start = bytes.firstRange(of: tag)?.upperBound,
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
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
