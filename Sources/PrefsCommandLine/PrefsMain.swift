import ArgumentParser
import PrefsCore
import PrefsStores
import PrefsTools

/// What `prefs` and `prefs-postgres` run: a plain `prefs write` or `prefs read` takes a short path
/// (``PrefsTools/WriteCommandLine``, ``PrefsTools/ReadCommandLine``); everything else goes through argument-parser,
/// once ``PrefsTools/CommandLineWords`` rewrote the forms it cannot read.
public enum PrefsMain {
    /// Where a command line ends: its exit status, or a watch still to run.
    package enum Outcome {
        case ended(Int32)
        case watching(Waiting)
    }

    /// A command that waits for changes, to be run where waiting is allowed: `watch` or `record`.
    package struct Waiting: Sendable {
        let work: @Sendable () async throws -> Void

        /// Runs the command until it ends (a recording's interrupt) or its task is cancelled, then checks that all
        /// output was written.
        ///
        /// - Returns: The exit status: 0, or the failure's, reported.
        package func run() async -> Int32 {
            do {
                try await work()
                return checkedOutput()
            } catch {
                return ErrorReport.ending(for: error)
            }
        }
    }

    /// Runs the command line this process was started with, and exits on failure.
    ///
    /// It runs where `main` runs, on the main thread (`nonisolated(nonsending)`): a nonisolated async function would
    /// start libdispatch's thread pool to run on, which cost a plain `prefs write` a fifth of its time, 0.6 ms. Only
    /// `prefs watch`, which waits, goes to the pool.
    ///
    /// - Parameters:
    ///   - commandLine: The command line, the program's name first.
    ///   - closedStreams: The standard streams the program found closed and reopened on `/dev/null` before it ran
    ///     any Swift code (bit 0 for input, 1 for output, 2 for error).
    nonisolated(nonsending) public static func run(
        commandLine: [String] = CommandLine.arguments, closedStreams: CInt
    ) async {
        StandardStreams.recordClosedAtStart(closedStreams)
        StandardStreams.reserve()
        var status: Int32
        switch outcome(of: Array(commandLine.dropFirst()), bootstrapsLogging: true) {
        case .ended(let ended):
            status = ended
        case .watching(let waiting):
            status = await waiting.run()
        }
        if status != 0 { Prefs.exit(withError: ExitCode(status)) }
    }

    /// Runs a command line short of leaving the process: what `run` does, and what tests run in-process.
    ///
    /// Every path ends by checking that its output was all written: a full disk or a closed descriptor is the
    /// command's failure, not a success with nothing printed.
    ///
    /// - Parameters:
    ///   - words: The words after the program's name.
    ///   - bootstrapsLogging: Whether to set up swift-log, which a process does once.
    /// - Returns: The exit status, or the watch the command line asks for, which waits.
    package static func outcome(of words: [String], bootstrapsLogging: Bool) -> Outcome {
        ErrorReport.$json.withValue(FailureReport.wantsJSON(words)) {
            // A shell asking for completions passes the words typed so far, which must reach argument-parser untouched.
            if words.first == "---completion" { return parsedAndRun(words) }
            if words.first == "--experimental-dump-help", ProcessEnvironment.current[ManualEscapes.variable] == "1" {
                Output.line(ManualEscapes.dump())
                return .ended(checkedOutput())
            }
            var arguments: [String]
            do {
                arguments = try CommandLineWords.prepared(words)
            } catch {
                return .ended(usageFailure(error))
            }
            // Alone on a terminal, `prefs` is the editor, on the store its options choose; elsewhere it prints its
            // help.
            if CommandLineWords.onlyChoosesAStore(arguments) && Output.inputIsTerminal && Output.isTerminal {
                arguments.append("tui")
            }
            // Asked alone, the version needs no parser: argument-parser's reflection costs a start a third.
            if arguments == ["--version"] {
                Output.line(PrefsVersion.current)
                return .ended(checkedOutput())
            }
            if bootstrapsLogging { CommandLogging.bootstrap(arguments: arguments) }
            if let write = WriteCommandLine(arguments: arguments) {
                do {
                    try PersistentKeyValueChange.Writer.$nameInTask.withValue("prefs write") { try write.perform() }
                } catch {
                    return .ended(ErrorReport.ending(for: ErrorReport.reported(error)))
                }
                return .ended(checkedOutput())
            }
            if let read = ReadCommandLine(arguments: arguments) {
                do { try read.perform() } catch { return .ended(ErrorReport.ending(for: ErrorReport.reported(error))) }
                return .ended(checkedOutput())
            }
            return parsedAndRun(arguments)
        }
    }

    /// Parses words with argument-parser and runs the command they name, unless it is a watch.
    private static func parsedAndRun(_ arguments: [String]) -> Outcome {
        do {
            var command = try Prefs.parseAsRoot(arguments)
            // A concrete type, not a protocol: a cast to a protocol scans this large binary's conformances (~2 ms).
            if let watch = command as? Watch { return .watching(Waiting { try await watch.run() }) }
            if let record = command as? Record { return .watching(Waiting { try await record.run() }) }
            // Every write the command makes is journaled under its name: `prefs undo`, `prefs tui`.
            try PersistentKeyValueChange.Writer.$nameInTask.withValue(Prefs.writerName(of: type(of: command))) {
                try command.run()
            }
        } catch {
            // One line, and the usage status, as every usage error ends.
            if let unknown = unknownCommand(in: arguments) { return .ended(usageFailure(unknown)) }
            return .ended(ErrorReport.ending(for: error))
        }
        return .ended(checkedOutput())
    }

    /// The error for a first word that names no command, with the nearest commands, rather than argument-parser's
    /// "unexpected arguments": `prefs` itself takes no operand, so such a word is a command mistyped.
    ///
    /// - Parameter arguments: The words parsed, the command's name first.
    /// - Returns: The error, or `nil` when the first word is an option or a command.
    private static func unknownCommand(in arguments: [String]) -> ToolError? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = Prefs.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
        guard !names.contains(word) else { return nil }
        let hint = NearestNames.question(for: word, among: names) ?? "prefs --help lists the commands"
        return ToolError("unknown command \(TextEscaping.quoted(word)); \(hint)", code: .usage)
    }

    /// Reports a usage error in one line, as `prefs: …` (or the JSON failure under `--json`), and gives its status.
    private static func usageFailure(_ error: any Error) -> Int32 {
        let status = ExitCode.validationFailure.rawValue
        if ErrorReport.json {
            FailureReport.report(code: .usage, message: "\(error)", status: status)
        } else {
            Output.error("\(error)")
        }
        return status
    }

    /// 0 when all output was written; otherwise the failure, reported.
    private static func checkedOutput() -> Int32 {
        do {
            try Output.checkOutput()
            return 0
        } catch {
            return ErrorReport.ending(for: ErrorReport.reported(error))
        }
    }
}
