public import ArgumentParser
import PrefsTools

/// A subcommand whose failures become one line on standard error and exit status 1.
///
/// Usage errors stay with argument-parser, which prints the usage and exits with 64 (`EX_USAGE`). Under `--json`
/// both become a JSON object on standard error (``ErrorReport``). Every command is asynchronous so that `prefs watch`
/// can wait on changes with `for await`; the others do their work synchronously.
protocol PrefsCommand: AsyncParsableCommand {
    /// Whether `--reveal` was given, for the commands that print values and so redact secret ones without it.
    var reveal: Bool { get }

    /// Does the command's work.
    ///
    /// - Throws: Anything with a one-line description; it is printed as `prefs: <description>`.
    func perform() async throws
}

extension PrefsCommand {
    var reveal: Bool { false }

    func run() async throws {
        do {
            try await Secrets.$reveal.withValue(reveal) { try await perform() }
        } catch {
            throw ErrorReport.reported(error)
        }
    }
}

extension ValueText.ValueType: ExpressibleByArgument {}
extension SuiteDocument.Format: ExpressibleByArgument {}
extension SchemaActions.Format: ExpressibleByArgument {}
