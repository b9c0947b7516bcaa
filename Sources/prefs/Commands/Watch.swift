import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit
import Synchronization

/// `prefs watch [SUITE...]`: one line per change, as it happens.
struct Watch: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print every change as it happens, whoever makes it.",
        discussion: """
            Each line holds the time, the suite, the key, the new value and, when the journal knows it, the \
            process that wrote it. Lines are written at once, so the output can be piped. With --json, each line is \
            a JSON object. Runs until interrupted.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suites to watch; every suite when omitted.")
    var suites: [String] = []

    func perform() throws {
        let context = Context(options)
        for name in suites { try context.checkName(name) }
        let store = try context.suiteStore(watching: true)
        let wanted = Set(suites)
        let schemas = SchemaCache(context)
        let json = options.json
        let observation = store.addObserver { changes in
            var lines: [String] = []
            for change in changes {
                guard let suite = change.suite, wanted.isEmpty || wanted.contains(suite) else { continue }
                lines.append(
                    json ? Self.jsonLine(change) : Self.textLine(change, entry: schemas.entry(suite, change.key)))
            }
            Output.lines(lines)
        }
        // Opening the named suites now makes their first change a difference from what they hold at this moment.
        for name in suites { _ = try store.anySuite(name) }
        Output.note(
            "watching \(suites.isEmpty ? "every suite" : "\(suites.count) suite(s)") in \(store.locationDescription)")
        withExtendedLifetime(observation) {
            while true { sleep(3600) }
        }
    }

    private static func textLine(_ change: PersistentKeyValueChange, entry: PreferenceSchemaEntry?) -> String {
        let time = PropertyListValue.date(change.writer?.time ?? Date()).text
        let suite = ValueText.key(change.suite ?? "")
        let value = change.newValue.map { "= \(ValueText.inline($0, entry: entry))" } ?? "removed"
        return "\(time) \(suite) \(ValueText.key(change.key)) \(value) (\(writer(change)))"
    }

    static func writer(_ change: PersistentKeyValueChange) -> String {
        guard let writer = change.writer, writer.pid != nil else {
            // A program that takes no part in the journal put back what a known write had replaced.
            guard let reverted = change.reverted else { return "unknown writer" }
            return "reverted by an unknown writer: it undid \(describe(reverted))'s write"
        }
        return describe(writer)
    }

    private static func describe(_ writer: PersistentKeyValueChange.Writer) -> String {
        let host = writer.host.map { " on \(TextEscaping.escaped($0))" } ?? ""
        let pid = writer.pid.map { " pid \($0)" } ?? ""
        return "\(TextEscaping.escaped(writer.processName ?? "?"))\(pid)\(host)"
    }

    private static func jsonLine(_ change: PersistentKeyValueChange) -> String {
        var object: [String: Any] = [
            "time": PropertyListValue.date(change.writer?.time ?? Date()).text,
            "suite": change.suite ?? "", "key": change.key,
            "old": ValueText.json(change.oldValue), "new": ValueText.json(change.newValue),
            "origin": change.origin == .thisProcess ? "this process" : "another process",
        ]
        object["pid"] = change.writer?.pid.map { Int($0) }
        object["process"] = change.writer?.processName
        object["host"] = change.writer?.host
        if let reverted = change.reverted {
            var undone: [String: Any] = [:]
            undone["pid"] = reverted.pid.map { Int($0) }
            undone["process"] = reverted.processName
            undone["time"] = reverted.time.map { PropertyListValue.date($0).text }
            object["reverted"] = undone
        }
        return Output.jsonText(object)
    }
}

/// Schemas looked up once per suite, from the watcher's thread.
private final class SchemaCache: Sendable {
    private let context: Context
    private let schemas = Mutex<[String: PreferenceSchema?]>([:])

    init(_ context: Context) {
        self.context = context
    }

    func entry(_ suite: String, _ key: String) -> PreferenceSchemaEntry? {
        schemas.withLock { cache in
            if cache[suite] == nil { cache[suite] = .some((try? context.schema(for: suite)) ?? nil) }
            return cache[suite]??[key]
        }
    }
}
