import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit

/// `prefs recover SUITE`: moves an unreadable suite's file aside, keeping it, and starts the suite afresh.
struct Recover: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Move an unreadable suite's file aside (it is kept) and start the suite afresh.",
        discussion: """
            A suite whose file does not decode, or cannot be read, is left untouched: every write to it is refused. \
            This moves the file to <suite>.plist.corrupt-<time> beside it, where it stays for you to look at, and \
            starts the suite empty, or from the previous version a crash left (--from-staging), or from a property \
            list you choose, such as a backup made with `prefs export` (--from-file). The new contents are \
            journaled, so `prefs undo` and `prefs log` see them.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    @Flag(help: "Restore the previous version a crash left under .<suite>.plist.new.")
    var fromStaging = false

    @Option(help: "Restore this property list (XML or binary) instead.")
    var fromFile: String?

    func validate() throws {
        if fromStaging && fromFile != nil {
            throw ValidationError("--from-staging and --from-file exclude each other.")
        }
    }

    func perform() throws {
        let context = Context(options)
        try context.requireFiles(for: "recover")
        try context.checkName(suite)
        let file = context.directory.appendingPathComponent("\(suite).plist")
        guard (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil else {
            throw CLIError("no suite \(TextEscaping.quoted(suite)) in \(TextEscaping.escaped(context.directory.path))")
        }
        let target = try context.store(watching: false).suite(suite)
        let source: SuiteRecoverySource =
            fromStaging ? .staging : fromFile.map { .file(URL(fileURLWithPath: $0)) } ?? .nothing
        // Opening the suite already brought back the previous version, now that no other process held its lock.
        if source == .staging, target.problem == nil, let done = target.automaticRecovery {
            if let moved = done.movedAside {
                Output.line("moved the unreadable file to \(TextEscaping.escaped(moved.path))")
            }
            Output.line("restored \(done.keys) key\(done.keys == 1 ? "" : "s") from the previous version")
            return
        }
        let recovery = try target.recover(from: source)
        let keys = "\(recovery.keys) key\(recovery.keys == 1 ? "" : "s")"
        if let moved = recovery.movedAside {
            Output.line("moved the unreadable file to \(TextEscaping.escaped(moved.path))")
        }
        switch source {
        case .nothing: Output.line("suite \(TextEscaping.quoted(suite)) starts afresh")
        case .staging: Output.line("restored \(keys) from the previous version")
        case .file(let url): Output.line("restored \(keys) from \(TextEscaping.escaped(url.path))")
        }
    }
}
