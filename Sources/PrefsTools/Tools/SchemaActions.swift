import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `prefs schema list|show|install|uninstall` do with the store's schema manifests.
public enum SchemaActions {
    /// How `show` prints a schema.
    public enum Format: String, Sendable, CaseIterable {
        /// Each key with its type, default and documentation.
        case text
        /// The manifest, as `schema install` reads it.
        case manifest
        /// A JSON Schema (draft 2020-12) of the suite's values as `prefs export` writes them in JSON.
        case jsonSchema = "json-schema"
    }

    /// Prints the suites that have a schema.
    ///
    /// - Throws: The schema source's error.
    public static func list(json: Bool, in context: ToolContext) throws {
        let suites = try context.schemas().schemaSuites()
        json ? Output.json(suites) : Output.lines(suites.map(ValueText.key))
    }

    /// Prints a suite's schema.
    ///
    /// - Throws: ``ToolError`` when the suite has no schema.
    public static func show(_ suite: String, as format: Format, in context: ToolContext) throws {
        guard let schema = try context.schema(for: suite) else { throw ToolError.noSchema(for: suite) }
        switch format {
        case .manifest: Output.write(schema.manifest() + Data("\n".utf8))
        case .jsonSchema: Output.write(schema.jsonSchema() + Data("\n".utf8))
        case .text: Output.lines(schema.entries.flatMap(SchemaText.lines))
        }
    }

    /// Installs a manifest file, replacing the suite's earlier schema, and says where it went.
    ///
    /// - Parameters:
    ///   - file: The manifest, or `-` for standard input.
    ///   - suite: The suite it describes, when the manifest names none or another.
    ///   - json: Whether to report as JSON.
    ///   - context: The store.
    /// - Throws: ``ToolError`` for a file that cannot be read; the schema source's error for a bad manifest.
    public static func install(_ file: String, suite: String?, json: Bool, in context: ToolContext) throws {
        let data = try InputFile.read(file, maximumSize: context.codec.maximumSize)
        let (schema, location) = try context.schemas().installSchema(data, suite: suite)
        guard !json else {
            let report: [String: Any] = [
                "suite": suite ?? schema.suite ?? "", "keys": schema.entries.count, "location": location,
            ]
            return Output.json(report)
        }
        Output.note("installed a schema of \(schema.entries.count) keys at \(TextEscaping.escaped(location))")
    }

    /// Removes a suite's schema; its stored values are left alone.
    ///
    /// - Throws: ``ToolError`` when the suite has no schema.
    public static func uninstall(_ suite: String, json: Bool, in context: ToolContext) throws {
        guard try context.schemas().uninstallSchema(for: suite) else { throw ToolError.noSchema(for: suite) }
        if json { Output.json(["suite": suite, "uninstalled": true] as [String: Any]) }
    }

    /// What `prefs schema map PATH SCHEMA` does: pairs a schema with a place in the user's mappings, so that its
    /// instance there is a suite, listed, found and shown through its schema.
    ///
    /// - Parameters:
    ///   - path: The place (a dconf directory), or a pattern with empty parts standing for any one part.
    ///   - schema: The schema.
    ///   - json: Whether to print JSON.
    ///   - context: The store.
    /// - Throws: The schema source's error when it keeps no mappings or cannot pair these.
    public static func map(_ path: String, to schema: String, json: Bool, in context: ToolContext) throws {
        try ValueText.checkPrintable(path, what: "path")
        try ValueText.checkPrintable(schema, what: "schema")
        let suite = try context.schemas().mapSchema(schema, toPath: path)
        if json {
            var object: [String: Any] = ["path": path, "schema": schema]
            object["suite"] = suite
            Output.json(object)
        } else {
            Output.line(
                suite.map { "mapped; suite \(TextEscaping.quoted($0))" }
                    ?? "mapped; every directory \(TextEscaping.quoted(path)) describes is a suite of schema "
                    + TextEscaping.quoted(schema))
        }
    }

    /// What `prefs schema unmap PATH` does: forgets a pairing the user made.
    ///
    /// - Throws: ``ToolError`` when the path was not mapped; the schema source's error otherwise.
    public static func unmap(_ path: String, json: Bool, in context: ToolContext) throws {
        guard try context.schemas().unmapSchema(atPath: path) else {
            throw ToolError("\(TextEscaping.quoted(path)) is not mapped to a schema", code: .noSchema)
        }
        if json { Output.json(["path": path, "unmapped": true] as [String: Any]) }
    }
}
