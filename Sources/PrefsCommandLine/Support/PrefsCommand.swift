public import ArgumentParser
import PrefsTools

/// A subcommand whose failures become one line on standard error and exit status 1.
///
/// Usage errors stay with argument-parser, which prints the usage and exits with 64 (`EX_USAGE`). Under `--json`
/// both become a JSON object on standard error (``ErrorReport``). Commands are synchronous, so that they start no
/// thread of the concurrency runtime (2.4 MiB of resident memory; `watch`, which waits, is asynchronous), and each
/// names itself (`commandName`): argument-parser would derive the names by demangling the types, 2 ms every run.
protocol PrefsCommand: ParsableCommand {
    /// Whether `--reveal` was given, for the commands that print values and so redact secret ones without it.
    var reveal: Bool { get }

    /// Does the command's work; what it throws is printed as `prefs: <description>`.
    func perform() throws
}

extension PrefsCommand {
    var reveal: Bool { false }

    func run() throws {
        do {
            try Secrets.$reveal.withValue(reveal) { try perform() }
        } catch {
            throw ErrorReport.reported(error)
        }
    }
}

extension ValueText.ValueType: ExpressibleByArgument {}
extension SuiteDocument.Format: ExpressibleByArgument {}
extension SchemaActions.Format: ExpressibleByArgument {}
extension RecordScript.Format: ExpressibleByArgument {}
