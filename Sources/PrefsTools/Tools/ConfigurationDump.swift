import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Every suite as one document: `prefs dump` and `prefs load`, like `dconf dump /` and `dconf load /`.
///
/// The document is typed JSON (``TypedDocument``), so a dump loads back exactly: integers, reals, dates and data
/// keep their types.
public enum ConfigurationDump {
    /// Every suite's stored values as one typed document.
    ///
    /// - Parameters:
    ///   - nonDefault: Whether to leave out values equal to their schema default and keys the schema marks volatile,
    ///     and suites left empty, for a document that says only what a person chose.
    ///   - context: The store.
    /// - Returns: The document.
    /// - Throws: The store's error when a suite cannot be read; `EncodingError` for a real that is not finite.
    public static func dump(nonDefault: Bool, in context: ToolContext) throws -> Data {
        var suites: [String: [String: PropertyListValue]] = [:]
        for name in try context.suiteNames() {
            let schema = try context.schema(for: name)
            let suite = try context.existingSuite(name)
            try ExactKeyNames.checkDistinct(suite, name: name, in: "a dump")
            var values = Secrets.withoutHidden(suite.primitiveValues(), suite: name, schema: schema)
            if nonDefault {
                values = values.filter { key, value in
                    guard let entry = schema?[key] else { return true }
                    return !entry.isVolatile && entry.defaultValue != value
                }
                if values.isEmpty { continue }
            }
            suites[name] = values
        }
        return try TypedDocument.encode(suites: suites)
    }

    /// Writes a dump's suites: every value of every suite is checked first, and nothing is written when one fails;
    /// then each suite is written in one write.
    ///
    /// - Parameters:
    ///   - data: The document, as `prefs dump` writes it.
    ///   - documentName: Its name, for messages.
    ///   - replace: Whether to remove, from each suite the document names, the keys it does not hold.
    ///   - force: Whether to write keys a schema does not declare.
    ///   - context: The store.
    /// - Returns: The names of the suites written.
    /// - Throws: ``ToolError`` naming the document and what is wrong, or the store's error.
    @discardableResult
    public static func load(
        _ data: Data, named documentName: String, replace: Bool, force: Bool, in context: ToolContext
    ) throws -> [String] {
        let file = TextEscaping.escaped(documentName)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ToolError("\(file) is not UTF-8 text", code: .invalidDocument)
        }
        guard let members = TypedDocument.members(of: text), members["suites"] != nil else {
            throw ToolError(
                "\(file) is not a dump: it lacks \"format\": \"\(TypedDocument.format)\" and \"suites\"",
                code: .invalidDocument)
        }
        let suites = try TypedDocument.suites(members["suites"], file: file)
        for (name, values) in suites {
            try SuiteTransfer.check(values, forSuite: name, schema: context.schema(for: name), force: force)
        }
        for name in suites.keys.sorted() {
            try SuiteTransfer.merge(suites[name] ?? [:], into: name, replace: replace, in: context)
        }
        return suites.keys.sorted()
    }
}
