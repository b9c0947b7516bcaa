import Foundation
import Testing

/// Completes a `prefs` command line the way bash does on Tab: with Debian's bash-completion loaded where it is
/// installed, the generated script's function is called as bash calls it (the command, the word being completed and
/// the one before) and fills `COMPREPLY`, through `compgen`, from what `prefs` answers.
package enum BashCompletion {
    /// The candidates for the last word.
    ///
    /// - Parameters:
    ///   - words: The words after `prefs`, the last being the one completed.
    ///   - cli: The scope whose home holds the generated script.
    ///   - environment: The variables `prefs` runs with.
    /// - Returns: The candidates, in the order bash offers them.
    /// - Throws: When `prefs` or bash cannot be run.
    package static func complete(_ words: [String], in cli: some PrefsCommandRunner, environment: [String: String])
        throws -> [String]
    {
        let prefs = try ChildProcess.executable(named: "prefs").path
        let script = cli.home.url.appendingPathComponent("prefs.bash")
        try Data(try cli.run("--generate-completion-script", "bash").output.utf8).write(to: script)
        let quoted = ([prefs] + words).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
        let program = """
            [ -r /usr/share/bash-completion/bash_completion ] && source /usr/share/bash-completion/bash_completion
            source '\(script.path)'
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _prefs prefs "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try ChildProcess.run("/bin/bash", ["-c", program], environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init)
    }
}
