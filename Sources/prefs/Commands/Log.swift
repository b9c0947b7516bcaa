import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit

/// `prefs log SUITE [KEY]`: who changed what, and when, from the journal.
struct Log: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Print a suite's change history: who changed what, and when.",
        discussion: """
            The history comes from the journal PrefsKit keeps for each configuration directory. Changes made by \
            programs that do not use PrefsKit appear as made by an unknown writer, once a PrefsKit process saw them.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    @Argument(help: "Only this key's changes.")
    var key: String?

    @Option(name: [.customShort("n"), .long], help: "Print only the newest changes.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func perform() throws {
        try Context(options).requireFiles(for: "log")
        let context = Context(options)
        try context.checkName(suite)
        let suite = try context.store(watching: false).suite(suite)
        var records = suite.history(key: key)
        if records.isEmpty && !FileManager.default.fileExists(atPath: suite.fileURL.path) {
            throw CLIError(
                "no suite \(TextEscaping.quoted(suite.name)) in \(TextEscaping.escaped(context.directory.path))")
        }
        if let limit { records = Array(records.suffix(limit)) }
        if options.json {
            Output.lines(records.map(Self.jsonLine))
        } else {
            Output.lines(records.map(Self.textLine))
        }
    }

    static func textLine(_ record: JournalRecord) -> String {
        let show = { (value: PropertyListValue?) in value.map { ValueText.inline($0, entry: nil) } ?? "(unset)" }
        let who =
            record.pid.map { "\(TextEscaping.escaped(record.process ?? "?")) pid \($0)" } ?? "an unknown writer"
        return "\(PropertyListValue.date(record.time).text)  \(ValueText.key(record.key)): "
            + "\(show(record.old)) -> \(show(record.new))  by \(who)"
    }

    static func jsonLine(_ record: JournalRecord) -> String {
        var object: [String: Any] = [
            "time": PropertyListValue.date(record.time).text, "suite": record.suite, "key": record.key,
            "old": ValueText.json(record.old), "new": ValueText.json(record.new),
        ]
        object["pid"] = record.pid.map { Int($0) }
        object["process"] = record.process
        return Output.jsonText(object)
    }
}
