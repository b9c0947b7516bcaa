import ArgumentParser
import PrefsTools
import UnixSignals

/// `prefs record [SUITE...]`: every change as it happens, written at the end as a script that makes them again.
struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Record changes as a shell script that makes them again.",
        discussion: """
            Follows the store as watch does, whoever writes, until interrupted (Ctrl-C or SIGTERM) or --for has \
            passed, then writes a POSIX sh script: a header saying when, from which store and what was left out, \
            then for each key its final change, in the order keys first changed, as prefs write SUITE KEY VALUE \
            with its type, or prefs delete SUITE KEY. Every word is quoted for sh, values keep their exact types \
            (arrays and dictionaries as --type typed-json), and no line names a store or folder, so the script \
            replays wherever prefs points. Secret keys are left out, as export leaves them out, and so are volatile \
            keys (window frames and positions, last-check times, recent-file lists, counters) unless --all; \
            --include and --exclude take globs over SUITE/KEY. --format native writes the store's own tool's \
            commands instead (gsettings set for GNOME's settings, defaults write for plist suites), so that the \
            script replays without prefs; a value the tool cannot say exactly keeps its prefs line, named in the \
            header.
            """)

    // No --json: the script is the output.
    @OptionGroup var options: StoreOptions
    @Argument(help: "The suites to record; every suite when omitted.", completion: ShellCompletion.suites)
    var suites: [String] = []
    @Option(name: [.customShort("o"), .long], help: "Write the script to this file rather than standard output.")
    var output: String?
    @Option(name: .customLong("for"), help: ArgumentHelp("Stop after this long: 30s, 5m, 2h.", valueName: "duration"))
    var duration: String?
    @Option(help: ArgumentHelp("Record only keys whose SUITE/KEY matches this glob (repeatable).", valueName: "glob"))
    var include: [String] = []
    @Option(help: ArgumentHelp("Leave out keys whose SUITE/KEY matches this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []
    @Flag(help: "Keep volatile keys too: window frames, last-check times, recent files, counters.") var all = false
    @Option(help: "prefs, or native: the store's own tool (gsettings set, defaults write).")
    var format: RecordScript.Format = .prefs

    func run() async throws {
        do {
            let limit = try duration.map { try TimeText.duration($0) }
            let recording = ChangeRecording(
                suites: suites, filter: RecordFilter(include: include, exclude: exclude, keepsVolatile: all),
                output: output, format: format)
            try await recording.run(in: options.openContext()) { await Self.stop(after: limit) }
        } catch {
            throw ErrorReport.reported(error)
        }
    }

    /// Returns once the recording should end: after `limit`, or at an interrupt or SIGTERM.
    ///
    /// The signals are trapped only where `prefs` owns its process: a command run in-process (the tests') ends by
    /// its task's cancellation instead.
    private static func stop(after limit: Duration?) async {
        await withTaskGroup(of: Void.self) { group in
            if let limit { group.addTask { try? await Task.sleep(for: limit) } }
            if Output.capture == nil {
                group.addTask {
                    for await _ in await UnixSignalsSequence(trapping: .sigint, .sigterm) { return }
                }
            }
            group.addTask {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
