import ArgumentParser
import Foundation
import PrefsKit
import PrefsTools
import Synchronization

/// `prefs watch [SUITE...]`: one line per change, as it happens.
struct Watch: RevealingCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print every change as it happens, whoever makes it.",
        discussion: """
            Each line holds the time, the suite, the key, the new value and, when the history knows it, the \
            process that wrote it. Lines are written at once, so the output can be piped. With --json, each line is \
            a JSON object. When the store stops seeing changes for a while (a lost connection), a line saying so \
            goes to standard error. Runs until interrupted.
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).")
    var reveal = false

    @Argument(help: "The suites to watch; every suite when omitted.", completion: ShellCompletion.suites)
    var suites: [String] = []

    /// Runs the `for await` loop of ``watch()`` to its end; the main thread waits, as the editor's loop does, so
    /// that the whole command line stays synchronous.
    @Flag(help: "Write times in UTC (ISO 8601) rather than local time; JSON times are always UTC.")
    var utc = false

    func perform() throws {
        let outcome = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task { [self] in
            do {
                try await watch()
            } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
    }

    private func watch() async throws {
        let context = options.openContext()
        for name in suites { try context.checkName(name) }
        let store = try context.store()
        let wanted = Set(suites)
        let events = store.events(of: suites.isEmpty ? nil : wanted)
        // Opening the named suites now makes their first change a difference from what they hold at this moment.
        for name in suites { _ = try store.anySuite(name) }
        Output.note(
            "watching \(suites.isEmpty ? "every suite" : "\(suites.count) suite(s)") in \(store.locationDescription)")
        let json = options.json
        // The store's service delivers the changes; when it fails (a watch that died), so does the command.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            group.addTask { await Self.print(events, wanted: wanted, json: json, utc: utc, context: context) }
            try await group.next()
            group.cancelAll()
        }
    }

    private static func print(
        _ events: AsyncStream<SuiteStoreEvent>, wanted: Set<String>, json: Bool, utc: Bool, context: ToolContext
    ) async {
        var schemas: [String: PreferenceSchema?] = [:]
        for await event in events {
            switch event {
            case .changed(let changes):
                var lines: [String] = []
                for change in changes {
                    guard let suite = change.suite, wanted.isEmpty || wanted.contains(suite) else { continue }
                    if schemas[suite] == nil { schemas[suite] = .some((try? context.schema(for: suite)) ?? nil) }
                    let entry = schemas[suite]??.entry(forStoredKey: change.key)
                    lines.append(
                        json
                            ? ChangeText.jsonLine(change, entry: entry)
                            : ChangeText.watchLine(change, entry: entry, utc: utc))
                }
                Output.lines(lines)
            case .problem(let reason):
                Output.error(reason)
            }
        }
    }
}
