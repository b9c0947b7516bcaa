import ArgumentParser
import PrefsCore
import PrefsStores
import PrefsTools

/// What `prefs` and `prefs-postgres` run: a plain `prefs write` or `prefs read` takes a short path
/// (``PrefsTools/WriteCommandLine``, ``PrefsTools/ReadCommandLine``); everything else goes through argument-parser,
/// once ``PrefsTools/CommandLineWords`` rewrote the forms it cannot read.
public enum PrefsMain {
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
        // A shell asking for completions passes the words typed so far, which must reach argument-parser untouched.
        if commandLine.dropFirst().first == "---completion" {
            return await Prefs.main(Array(commandLine.dropFirst()))
        }
        if commandLine.dropFirst().first == "--experimental-dump-help",
            ProcessEnvironment.current[ManualEscapes.variable] == "1"
        {
            Output.line(ManualEscapes.dump())
            do { return try Output.checkOutput() } catch { ErrorReport.exit(with: ErrorReport.reported(error)) }
        }
        var arguments: [String]
        do {
            arguments = try CommandLineWords.prepared(Array(commandLine.dropFirst()))
        } catch {
            ErrorReport.exit(with: ValidationError("\(error)"))
        }
        // Alone on a terminal, `prefs` is the editor, on the store its options choose; elsewhere it prints its help.
        if CommandLineWords.onlyChoosesAStore(arguments) && Output.inputIsTerminal && Output.isTerminal {
            arguments.append("tui")
        }
        // Asked alone, the version needs no parser: argument-parser's reflection costs a start a third.
        if arguments == ["--version"] {
            Output.line(PrefsVersion.current)
            do { return try Output.checkOutput() } catch { ErrorReport.exit(with: ErrorReport.reported(error)) }
        }
        CommandLogging.bootstrap(arguments: arguments)
        // Each path ends by checking that its output was all written: a full disk or a closed descriptor is the
        // command's failure, not a success with nothing printed.
        if let write = WriteCommandLine(arguments: arguments) {
            do {
                try write.perform()
                return try Output.checkOutput()
            } catch { ErrorReport.exit(with: ErrorReport.reported(error)) }
        }
        if let read = ReadCommandLine(arguments: arguments) {
            do {
                try read.perform()
                return try Output.checkOutput()
            } catch { ErrorReport.exit(with: ErrorReport.reported(error)) }
        }
        do {
            var command = try Prefs.parseAsRoot(arguments)
            // A concrete type, not a protocol: a cast to a protocol scans this large binary's conformances (~2 ms).
            if let watch = command as? Watch { try await watch.run() } else { try command.run() }
        } catch {
            ErrorReport.exit(with: error)
        }
        do {
            try Output.checkOutput()
        } catch {
            ErrorReport.exit(with: ErrorReport.reported(error))
        }
    }
}
