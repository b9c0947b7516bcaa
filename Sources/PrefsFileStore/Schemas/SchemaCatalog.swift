public import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
/// The schema manifests installed for the suites of one configuration directory.
///
/// Manifests live under `$XDG_DATA_HOME/prefs/schemas/<hash>/<suite>.json` (default `~/.local/share`), where the hash
/// names the configuration directory's real path as the journal's does: two directories holding suites of the same
/// name never share a schema, and a directory reached through a link finds its own. The folders are created readable
/// by their owner only (0700) and manifests written 0600, whatever the umask: a schema decides which values are
/// accepted, so nobody else may change it.
public struct SchemaCatalog: Sendable {
    /// The folder holding this configuration directory's manifests.
    public let directory: URL

    /// The catalog of a configuration directory.
    ///
    /// - Parameters:
    ///   - configDirectory: The directory holding the suites.
    ///   - environment: The environment to read `XDG_DATA_HOME` and `HOME` from; this process's by default.
    public init(configDirectory: URL, environment: [String: String] = ProcessEnvironment.current) {
        directory = XDGDirectories.dataHome(environment: environment)
            .appendingPathComponent("prefs/schemas", isDirectory: true)
            .appendingPathComponent(
                XDGDirectories.stableHash(XDGDirectories.realPath(configDirectory)), isDirectory: true)
    }

    /// The suites that have a schema installed, sorted.
    public func suites() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.compactMap { entry in
            guard entry.hasSuffix(".json"), !entry.hasPrefix(".") else { return nil }
            return String(entry.dropLast(".json".count))
        }.sorted()
    }

    /// The schema installed for a suite.
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: The schema, or `nil` when none is installed.
    /// - Throws: ``SchemaCatalogError`` when the name is not a valid suite name or the manifest is unreadable.
    public func schema(for suite: String) throws(SchemaCatalogError) -> PreferenceSchema? {
        let file = try manifestURL(for: suite)
        guard let data = try Self.readManifest(file) else { return nil }
        do {
            return try PreferenceSchema(manifest: data)
        } catch {
            throw .unreadable(path: file.path, error)
        }
    }

    /// Installs a manifest for a suite, replacing any earlier one atomically.
    ///
    /// - Parameters:
    ///   - manifest: The manifest's bytes; checked before anything is written.
    ///   - suite: The suite it describes; when `nil`, the `suite` the manifest names.
    /// - Returns: The schema and where it was installed.
    /// - Throws: ``SchemaCatalogError`` when the manifest is invalid, names no suite, or cannot be written.
    @discardableResult
    public func install(_ manifest: Data, suite: String? = nil) throws(SchemaCatalogError) -> (
        schema: PreferenceSchema, file: URL
    ) {
        let schema: PreferenceSchema
        do {
            schema = try PreferenceSchema(manifest: manifest)
        } catch {
            throw .invalid(error)
        }
        guard let name = suite ?? schema.suite else { throw .noSuite }
        let file = try manifestURL(for: name)
        do {
            try FileSystem.createDirectory(FilePath(directory.path))
            // Installed as the canonical manifest, so that `schema show` prints what is in force.
            try Self.writePrivately(schema.manifest(), to: FilePath(file.path))
        } catch {
            throw .io(path: file.path, reason: "\(error)")
        }
        return (schema, file)
    }

    /// Removes a suite's manifest; the suite's stored values are left alone.
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: Whether a manifest was installed.
    /// - Throws: ``SchemaCatalogError`` when the name is invalid or the manifest cannot be removed.
    @discardableResult
    public func uninstall(suite: String) throws(SchemaCatalogError) -> Bool {
        let file = try manifestURL(for: suite)
        do {
            try Syscall.unlink(FilePath(file.path))
            return true
        } catch .noSuchFileOrDirectory {
            return false
        } catch {
            throw .io(path: file.path, reason: "\(error)")
        }
    }

    /// The most a manifest may weigh: far more than any schema needs, and a bound on what is read.
    static let maximumManifestSize = 4 * 1024 * 1024

    /// A manifest's bytes, when it is a regular file within ``maximumManifestSize``.
    private static func readManifest(_ file: URL) throws(SchemaCatalogError) -> Data? {
        do {
            return try SmallFile.read(FilePath(file.path), limit: maximumManifestSize, limitText: "4 MiB")
        } catch {
            throw .io(path: file.path, reason: error.description)
        }
    }

    /// Writes a file readable by its owner only, through a fresh temporary file renamed into place.
    private static func writePrivately(_ data: Data, to path: FilePath) throws {
        try SmallFile.write(data, to: path)
    }

    private func manifestURL(for suite: String) throws(SchemaCatalogError) -> URL {
        do {
            _ = try SuiteName(validating: suite)
        } catch {
            throw .invalidSuiteName(error)
        }
        return directory.appendingPathComponent("\(suite).json")
    }
}

/// Why a schema could not be installed or read; its ``description`` is one line.
public enum SchemaCatalogError: Error, Sendable, CustomStringConvertible {
    /// The manifest is not a valid schema.
    case invalid(PreferenceSchemaError)
    /// An installed manifest no longer loads.
    case unreadable(path: String, PreferenceSchemaError)
    /// The manifest names no suite, and none was given.
    case noSuite
    /// The suite's name cannot be a file name.
    case invalidSuiteName(FileStoreError)
    /// The manifest could not be written.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let error): "\(error)"
        case .unreadable(let path, let error): "installed schema \(TextEscaping.escaped(path)) is unreadable: \(error)"
        case .noSuite: PreferenceSchemaSourceError.noSuite.description
        case .invalidSuiteName(let error): "\(error)"
        case .io(let path, let reason): "cannot install \(TextEscaping.escaped(path)): \(TextEscaping.escaped(reason))"
        }
    }
}
