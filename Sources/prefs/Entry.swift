import ArgumentParser
import Foundation
import PrefsTools

/// Starts `prefs`: the plain forms of `prefs write` take a short path (see ``PrefsTools/WriteCommandLine``), and
/// everything else goes through argument-parser, after ``PrefsTools/CommandLineWords`` rewrote the forms it cannot
/// read.
@main
enum Entry {
    static func main() async {
        // A shell asking for completions passes the words typed so far, which must reach argument-parser untouched.
        if CommandLine.arguments.dropFirst().first == "---completion" {
            return await Prefs.main(Array(CommandLine.arguments.dropFirst()))
        }
        var arguments: [String]
        do {
            arguments = try CommandLineWords.prepared(Array(CommandLine.arguments.dropFirst()))
        } catch {
            ErrorReport.exit(with: ValidationError("\(error)"))
        }
        // Alone on a terminal, `prefs` is the editor; elsewhere it prints its help.
        if arguments.isEmpty && Output.inputIsTerminal && Output.isTerminal { arguments = ["tui"] }
        CommandLogging.bootstrap(arguments: arguments)
        guard let write = WriteCommandLine(arguments: arguments) else {
            do {
                var command = try Prefs.parseAsRoot(arguments)
                if let watch = command as? Watch {
                    try await watch.run()
                } else {
                    try command.run()
                }
            } catch {
                ErrorReport.exit(with: error)
            }
            return
        }
        do {
            try write.perform()
        } catch {
            FailureReport.report(error, json: ErrorReport.json)
            exit(1)
        }
    }
}
