import Foundation
import Testing

/// Names that a shell would run, expand or split if it were handed them as code, and the check that completion offers
/// each exactly as it is and runs nothing.
package enum HostileNames {
    /// Names another user may give a key or suite, each a way into a shell.
    ///
    /// Command substitution, backticks, parameter, brace and tilde expansion, a glob, quotes, a space, zsh's
    /// description separator and a backslash. The two that run a command touch `marker`.
    package static func all(marker: URL) -> [String] {
        [
            "$(touch \(marker.path))", "`touch \(marker.path)`", "${HOME}", "{a,b}", "~root", "*", "it's \"q\"",
            "two words", "x:y", #"back\slash"#, "plain",
        ]
    }

    /// Completes `words` in a real bash and checks that exactly `expected` is offered and nothing ran.
    ///
    /// - Parameters:
    ///   - words: The words after `prefs`, the last being completed.
    ///   - expected: The candidates bash must offer, in its order.
    ///   - cli: The scope whose store holds the names.
    ///   - environment: The variables `prefs` runs with (a PostgreSQL store through `PREFS_STORE`).
    ///   - marker: The file a command planted in a name would create.
    ///   - sourceLocation: Where the failures are reported.
    /// - Throws: When `prefs` or bash cannot be run.
    package static func expectCompletion(
        _ words: [String], offers expected: [String], in cli: some PrefsCommandRunner, environment: [String: String],
        marker: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let offered = try BashCompletion.complete(words, in: cli, environment: environment)
        #expect(offered.sorted() == expected.sorted(), "\(words)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "a name ran", sourceLocation: sourceLocation)
    }
}
