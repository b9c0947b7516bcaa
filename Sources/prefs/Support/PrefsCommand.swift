public import ArgumentParser
import PrefsTools

/// A subcommand whose failures become one line on standard error and exit status 1.
///
/// Usage errors stay with argument-parser, which prints the usage and exits with 64 (`EX_USAGE`). Under `--json`
/// both become a JSON object on standard error (``ErrorReport``).
protocol PrefsCommand: ParsableCommand {
    /// Whether `--reveal` was given, for the commands that print values and so redact secret ones without it.
    var reveal: Bool { get }

    /// Does the command's work.
    ///
    /// - Throws: Anything with a one-line description; it is printed as `prefs: <description>`.
    func perform() throws
}

/// A subcommand that works asynchronously until it is done or interrupted, such as `prefs watch`; its failures are
/// reported as ``PrefsCommand``'s are.
protocol AsyncPrefsCommand: AsyncParsableCommand {
    /// Whether `--reveal` was given.
    var reveal: Bool { get }

    /// Does the command's work.
    ///
    /// - Throws: Anything with a one-line description; it is printed as `prefs: <description>`.
    func perform() async throws
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

extension AsyncPrefsCommand {
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
