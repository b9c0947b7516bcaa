import ArgumentParser
import Foundation
import PrefsKit

/// `prefs diff SUITE [--against FILE]`: what differs from the defaults, or from an exported file.
struct Diff: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what a suite changes from its schema's defaults, or from an exported file.",
        discussion: """
            Lines start with ~ for a changed value, + for a key only the suite holds, - for a key only the file \
            holds, and ! for a stored value the schema does not accept.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    @Option(help: "Compare with this property list or JSON file instead of the defaults.")
    var against: String?

    @Flag(help: "Exit with status 1 when there are differences, as diff(1) does.")
    var exitCode = false

    struct Difference {
        enum Change: String {
            case changed = "~"
            case added = "+"
            case removed = "-"
            case invalid = "!"
        }

        let change: Change
        let key: String
        let value: PropertyListValue?
        let reference: PropertyListValue?
        let note: String?
    }

    func perform() throws {
        try Context(options).requireFiles(for: "diff")
        let context = Context(options)
        let suite = try context.existingSuite(suite)
        let schema = try context.schema(for: suite.name)
        let stored = suite.primitiveValues()
        let differences: [Difference]
        if let against {
            let data = try readInputFile(against)
            differences = compare(stored, with: try SuiteDocument.decode(data, name: against, schema: schema))
        } else {
            guard let schema else {
                throw CLIError(
                    "no schema is installed for suite \(TextEscaping.quoted(suite.name)); compare with --against FILE")
            }
            differences = compare(stored, with: schema)
        }
        if options.json {
            Output.json(
                differences.map { difference in
                    var object: [String: Any] = [
                        "change": "\(difference.change)", "key": difference.key,
                        "value": ValueText.json(difference.value), "reference": ValueText.json(difference.reference),
                    ]
                    object["note"] = difference.note
                    return object
                }, pretty: true)
        } else {
            Output.lines(differences.map { line($0, schema: schema) })
        }
        if exitCode && !differences.isEmpty { throw ExitCode.failure }
    }

    private func compare(_ stored: [String: PropertyListValue], with schema: PreferenceSchema) -> [Difference] {
        stored.keys.sorted().compactMap { key in
            let value = stored[key]
            guard let entry = schema[key] else {
                return Difference(change: .added, key: key, value: value, reference: nil, note: "not in the schema")
            }
            if case .ok = entry.status(of: value) {
            } else {
                return Difference(
                    change: .invalid, key: key, value: value, reference: entry.defaultValue,
                    note: "\(entry.status(of: value))")
            }
            guard value != entry.defaultValue else { return nil }
            return Difference(change: .changed, key: key, value: value, reference: entry.defaultValue, note: nil)
        }
    }

    private func compare(_ stored: [String: PropertyListValue], with file: [String: PropertyListValue]) -> [Difference]
    {
        Set(stored.keys).union(file.keys).sorted().compactMap { key in
            switch (stored[key], file[key]) {
            case (let value?, nil): Difference(change: .added, key: key, value: value, reference: nil, note: nil)
            case (nil, let reference?):
                Difference(change: .removed, key: key, value: nil, reference: reference, note: nil)
            case (let value?, let reference?) where value != reference:
                Difference(change: .changed, key: key, value: value, reference: reference, note: nil)
            default: nil
            }
        }
    }

    private func line(_ difference: Difference, schema: PreferenceSchema?) -> String {
        let entry = schema?[difference.key]
        let show = { (value: PropertyListValue?) in value.map { ValueText.inline($0, entry: entry) } ?? "(none)" }
        let key = ValueText.key(difference.key)
        let reference = against == nil ? "default" : "file"
        switch difference.change {
        case .changed:
            return "~ \(key) = \(show(difference.value))  (\(reference): \(show(difference.reference)))"
        case .added:
            return "+ \(key) = \(show(difference.value))" + (difference.note.map { "  (\($0))" } ?? "")
        case .removed:
            return "- \(key) = \(show(difference.reference))"
        case .invalid:
            return "! \(key) = \(show(difference.value))  (\(TextEscaping.escaped(difference.note ?? "")))"
        }
    }
}
