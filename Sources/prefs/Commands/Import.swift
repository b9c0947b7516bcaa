import ArgumentParser
import Foundation
import PrefsKit

/// `prefs import SUITE FILE`: many values in one atomic write.
struct Import: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a property list or JSON file into a suite, or replace the suite with it.",
        discussion: """
            The file is read and every value checked against the suite's schema first; then all keys are written \
            with one lock and one rename, so other processes see the whole import or none of it. Use - to read \
            standard input.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite; created when it does not exist.")
    var suite: String

    @Argument(help: "The file to import, or - for standard input.")
    var file: String

    @Flag(help: "Remove the keys the file does not hold.")
    var replace = false

    @Flag(help: "Import keys the suite's schema does not declare.")
    var force = false

    func perform() throws {
        try Context(options).requireFiles(for: "import")
        let context = Context(options)
        try context.checkName(suite)
        let schema = try context.schema(for: suite)
        let data = try readInputFile(file)
        let values = try SuiteDocument.decode(data, name: file, schema: schema)
        for (key, value) in values {
            try ValueText.checkPrintable(key, what: "key")
            try ValueText.checkPrintable(value, what: "value of \(ValueText.key(key))")
            guard let schema else { continue }
            guard let entry = schema[key] else {
                if force { continue }
                throw CLIError.notInSchema(key: key, suite: suite, action: "import")
            }
            try entry.validate(value)
        }
        let target = try context.writableSuite(suite)
        var changes: [String: PropertyListValue?] = values.mapValues { $0 }
        if replace {
            for key in target.primitiveValues().keys where values[key] == nil { changes[key] = .some(nil) }
        }
        try target.commit(changes)
    }
}
