import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// `:` opens the command line.
    func beginCommand() {
        modal.editing = EditSession(
            suite: currentSuite ?? "", key: "", original: nil, line: LineEditor(""), purpose: .command)
        say("Tab completes: " + EditorCommand.all.map(\.name).joined(separator: " "))
    }

    /// Tab on the command line: completes the command's name as far as it is unambiguous, and lists the others.
    func completeCommand(_ session: inout EditSession) {
        let typed = session.line.text
        if typed.hasPrefix("open ") { return completePath(&session, typed: String(typed.dropFirst(5))) }
        guard !typed.contains(" ") else { return }
        let matches = EditorCommand.completions(of: typed)
        guard let first = matches.first else { return say("no command starts with \(TextEscaping.quoted(typed))") }
        var common = first.name
        for match in matches.dropFirst() {
            common = String(zip(common, match.name).prefix { $0 == $1 }.map(\.0))
        }
        if matches.count == 1 {
            common += " "
            say(first.argument.isEmpty ? first.summary : "\(first.name) \(first.argument): \(first.summary)")
        } else {
            say(matches.map(\.name).joined(separator: " "))
        }
        session.line = LineEditor(common)
    }

    /// Enter on the command line: runs the command named (or the one its start names), with what follows it.
    func runCommand(_ session: EditSession) {
        modal.editing = nil
        let text = session.line.text.trimmingWhiteSpace()
        let name = String(text.prefix { $0 != " " })
        let argument = String(text.dropFirst(name.count)).trimmingWhiteSpace()
        guard let command = EditorCommand.named(name) else {
            return say(name.isEmpty ? "no command" : "unknown command \(TextEscaping.quoted(name)); Tab lists them")
        }
        run(command, EditorCommand.Invocation(argument: argument, byName: true, repeated: nil))
    }

    /// `d`, `d d` and `:delete`: the key asks for a second `d`; the name deletes at once.
    func deleteSelected(_ invocation: EditorCommand.Invocation) {
        guard invocation.byName else { return deleteSelectedKey(confirming: invocation.repeated) }
        guard let suite = currentSuite, let row = selectedKey else { return say("select a key to delete") }
        deleteSelectedKey(confirming: .delete(suite: suite, key: row.key))
    }

    /// `/` opens the filter line; `:filter TEXT` sets the filter to the text.
    func filterCommand(_ invocation: EditorCommand.Invocation) {
        if screen == .help {
            pages.help.query = invocation.byName ? invocation.argument : ""
            pages.help.isSearching = !invocation.byName
            navigation.selection[.help] = 0
            return
        }
        if invocation.byName { editFilter { $0 = invocation.argument } } else { setEditingFilter(true) }
    }

    /// `:rename NEW`: moves the selected key's value to a new key in one write, which `u` undoes whole.
    ///
    /// The rules are `prefs rename`'s (``PrefsTools/SuiteEdit/renaming(_:to:force:)``): the new name must be free and
    /// the value valid for it under the schema; the write is made only if both keys still hold what was checked.
    func rename(to new: String) {
        guard let suite = currentSuite, let row = selectedKey else { return say("select a key to rename") }
        guard !new.isEmpty else { return say("rename takes the new name: :rename NEW") }
        let tools = data.tools
        do {
            let renaming = try SuiteEdit(suite: suite, context: tools).renaming(row.key, to: new, force: false)
            navigation.keyToSelect = new
            request(
                suite: suite, changes: renaming.changes,
                done: "renamed \(TextEscaping.escaped(row.key)) to \(TextEscaping.escaped(new))",
                expecting: renaming.expecting)
        } catch {
            say("not renamed: \(error)")
        }
    }

    /// `:export FILE`: writes the suite's stored values to a new XML property list, as `prefs export` does (secrets
    /// left out, and said so); an existing file is left alone.
    func export(to path: String) {
        guard let suite = currentSuite ?? selectedSuiteName else { return say("open a suite to export it") }
        guard !path.isEmpty else { return say("export takes a file: :export FILE") }
        let tools = data.tools
        let url = URL(fileURLWithPath: Self.expandingTilde(path))
        do {
            let exported = try SuiteTransfer.exportQuietly(suite, as: .plist, in: tools)
            try PrivateFile.create(exported.document, at: url)
            let secrets =
                exported.leftOut.isEmpty
                ? "" : "; left out \(exported.leftOut.count) secret key\(exported.leftOut.count == 1 ? "" : "s")"
            say(
                "exported \(exported.keys) key\(exported.keys == 1 ? "" : "s") of \(suite) to "
                    + TextEscaping.escaped(url.path) + secrets)
        } catch {
            say("not exported: \(error)")
        }
    }

    /// Saves changes as the script `prefs record` writes, to a new file: on the change log, the changes it lists;
    /// elsewhere, what this session's writes left each key as.
    ///
    /// - Parameter path: The file; on the change log, `nil` names one in the current directory by the time.
    func recordScript(to path: String?) {
        let onChangeLog = screen == .changeLog
        var changes = RecordedChanges()
        if onChangeLog {
            for entry in live.changeLog { changes.add(entry.change) }
        } else {
            changes = sessionKeys.recorded
        }
        guard changes.count > 0 else {
            return say(
                onChangeLog ? "nothing to record: no change is listed" : "nothing to record: no write this session")
        }
        let name = path ?? "prefs-changes-\(Self.fileTime(Date())).sh"
        guard !name.isEmpty else { return say("record takes a file: :record FILE") }
        let url = URL(fileURLWithPath: Self.expandingTilde(name))
        // Every change was the user's choice (or listed as such): none is left out as volatile.
        let script = RecordScript(
            started: onChangeLog ? (live.changeLog.first?.time ?? Date()) : sessionKeys.started, ended: Date(),
            store: data.store.locationDescription, suites: [], filter: RecordFilter(keepsVolatile: true),
            changes: changes)
        do {
            try PrivateFile.create(Data(script.text { try data.tools.schema(for: $0) }.utf8), at: url)
            say("recorded \(changes.count) key\(changes.count == 1 ? "" : "s") to \(TextEscaping.escaped(url.path))")
        } catch {
            say("not recorded: \(error)")
        }
    }

    /// A moment as a file name's part, in UTC: `20261127-134501`.
    private static func fileTime(_ moment: Date) -> String {
        TimeText.format(moment, utc: true).filter(\.isNumber).prefix(14).enumerated()
            .map { $0.offset == 8 ? "-\($0.element)" : String($0.element) }.joined()
    }

    /// A path with a leading `~` or `~/` as the shell expands it, from `$HOME`; `~user` is left as typed.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"),
            let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }
}
