public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Whole suites in and out: `prefs export` and `prefs import`.
public enum SuiteTransfer {
    /// A suite's values as a document: the user's own, or every effective value.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - format: The document's format.
    ///   - effective: Whether to write every value a read returns (system layers, locked values and schema defaults
    ///     included) rather than the user's layer alone.
    ///   - context: The store.
    /// - Returns: The document; both formats hold no raw control character, so it is as safe on a terminal as in a
    ///   file.
    /// - Throws: ``ToolError`` for a suite that does not exist, or the store's error.
    public static func export(
        _ name: String, as format: SuiteDocument.Format, effective: Bool = false, in context: ToolContext
    ) throws -> Data {
        let suite = try context.existingSuite(name)
        try ExactKeyNames.checkDistinct(suite, name: name, in: "an export")
        let schema = try context.schema(for: name)
        let values =
            effective
            ? SuiteListing.values(of: suite, schema: schema, includeDefaults: true) : suite.primitiveValues()
        return try SuiteDocument.encode(
            Secrets.withoutHidden(values, suite: name, schema: schema), as: format, codec: context.codec)
    }

    /// A suite's stored values as a document, saying nothing: the editor's `:export`, which tells the user itself.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - format: The document's format.
    ///   - context: The store.
    /// - Returns: The document, the keys it holds, and the secret keys left out as `export` leaves them out.
    /// - Throws: ``ToolError`` for a suite that does not exist, or the store's error.
    public static func exportQuietly(_ name: String, as format: SuiteDocument.Format, in context: ToolContext) throws
        -> (document: Data, keys: Int, leftOut: [String])
    {
        let suite = try context.existingSuite(name)
        try ExactKeyNames.checkDistinct(suite, name: name, in: "an export")
        let (values, leftOut) = Secrets.partition(suite.primitiveValues(), schema: try context.schema(for: name))
        return (try SuiteDocument.encode(values, as: format, codec: context.codec), values.count, leftOut)
    }

    /// Merges a document into a suite, or replaces the suite with it, in one write when the store can.
    ///
    /// Every value is checked against the suite's schema first; nothing is written when one fails.
    ///
    /// - Parameters:
    ///   - data: The document: a property list or a JSON object.
    ///   - documentName: Its name, for messages.
    ///   - name: The suite; created when it does not exist.
    ///   - replace: Whether to remove the keys the document does not hold.
    ///   - force: Whether to import keys the schema does not declare.
    ///   - context: The store.
    /// - Returns: The changes made.
    /// - Throws: ``ToolError`` naming what is wrong, or the store's error.
    @discardableResult
    public static func importDocument(
        _ data: Data, named documentName: String, into name: String, replace: Bool, force: Bool,
        in context: ToolContext
    ) throws -> [PersistentKeyValueChange] {
        // The schema lookup checks the name before anything is read or written.
        let schema = try context.schema(for: name)
        let values = try SuiteDocument.decode(data, name: documentName, schema: schema, codec: context.codec) {
            try context.currentValues(of: $0, inSuite: name)
        }
        try check(values, forSuite: name, schema: schema, force: force)
        return try merge(values, into: name, replace: replace, in: context)
    }

    /// Checks values against a suite's schema and for control characters, before anything is written.
    ///
    /// - Throws: ``ToolError`` or the schema's error naming the first value that fails.
    static func check(
        _ values: [String: PropertyListValue], forSuite name: String, schema: PreferenceSchema?, force: Bool
    ) throws {
        for (key, value) in values {
            try ValueText.checkPrintable(key, what: "key")
            try ValueText.checkPrintable(value, what: "value of \(ValueText.key(key))")
            guard let schema else { continue }
            guard let entry = schema[key] else {
                try ToolError.checkDeclared(key, suite: name, action: "import", schema: schema, force: force)
                continue
            }
            try entry.validate(value)
        }
    }

    /// Writes checked values into a suite in one write when the store can, removing the keys they lack when `replace`.
    ///
    /// A secret key is never removed for being absent, since `export` and `dump` leave secrets out
    /// unless given `--reveal`: a round trip through them keeps every secret.
    ///
    /// - Returns: The changes made, when the store reports them.
    /// - Throws: The store's error; nothing is written then.
    @discardableResult
    static func merge(_ values: [String: PropertyListValue], into name: String, replace: Bool, in context: ToolContext)
        throws -> [PersistentKeyValueChange]
    {
        let target = try context.writableSuite(name)
        var changes: [String: PropertyListValue?] = values.mapValues { $0 }
        if replace {
            // A document never holds secrets it was not given (export and dump leave them out), so replacing keeps
            // every one, under any name it is stored by: an older app's former name is no less a secret.
            let secrets = (try context.schema(for: name))?.secretStoredKeys ?? []
            for key in target.primitiveValues().keys where values[key] == nil && !secrets.contains(key) {
                changes[key] = .some(nil)
            }
            // A document of no keys is more often a failed producer than a wish: emptying a suite is its own verb.
            if values.isEmpty && !changes.isEmpty {
                throw ToolError(
                    "the document holds no keys, so --replace would remove all \(changes.count) of suite "
                        + "\(TextEscaping.quoted(name)); nothing was written (prefs delete \(name) --all empties it)",
                    code: .invalidDocument)
            }
        }
        return try SuiteWrite.commit(changes, to: target, schema: try context.schema(for: name))
    }
}
