import PrefsCore

/// How a name or value reaches a shell: always as text, never as code.
///
/// Suite names, keys and values come from whoever can write the store, another user on a shared PostgreSQL store
/// among them; the completion scripts argument-parser generates hand what `prefs` answers to the shell in forms the
/// shell still expands. bash passes candidates through `compgen -W`, which performs brace, tilde, parameter,
/// arithmetic and command expansion and quote removal on each word (so `$(id)` runs: apple/swift-argument-parser#679);
/// zsh's `_describe` reads `:` as the start of a description and `\` as its escape; fish splits lines at tabs into a
/// candidate and its description. This is the one rule that turns a word into what each shell takes literally.
public enum ShellWord {
    /// A shell that asks for completions, as argument-parser names it in `SAP_SHELL`.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    /// A completion candidate as `shell`'s completion script must receive it to offer exactly `word`.
    ///
    /// - Parameters:
    ///   - word: A suite name, key or value.
    ///   - shell: The shell asking, or `nil` when no shell said (a script of someone's own): then only words that no
    ///     shell could read as anything but themselves are offered.
    /// - Returns: The candidate, or `nil` for a word no shell can be offered safely: one holding a control or
    ///   invisible character, which would split the answer into other words or reach the terminal, and which the
    ///   user could not type anyway.
    public static func completionCandidate(_ word: String, for shell: Shell?) -> String? {
        guard !word.isEmpty, !word.unicodeScalars.contains(where: Self.isUnprintable) else { return nil }
        switch shell {
        case .bash: return escaped(word) { !isInert($0) }
        case .zsh: return escaped(word) { $0 == "\\" || $0 == ":" }
        case .fish: return word
        case nil: return word.unicodeScalars.allSatisfy(isInert) ? word : nil
        }
    }

    /// A word of a POSIX `sh` script that the shell takes literally, whatever it holds, as `prefs record` writes
    /// names and values.
    ///
    /// Inside single quotes `sh` gives every character its literal meaning, newlines and `$(…)` included; only the
    /// single quote itself ends the quoting, so each is written as `'\''` (end, an escaped quote, start again).
    public static func scriptWord(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// A word to show in a command line a person copies: bare when no shell reads anything into it, else quoted
    /// as ``scriptWord(_:)`` quotes it.
    public static func shown(_ text: String) -> String {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isInert) ? text : scriptWord(text)
    }

    /// Whether a scalar means nothing to any shell, wherever it stands in a word.
    ///
    /// Letters, digits, non-ASCII text, and `. _ - / + , @ %`.
    private static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !isUnprintable(scalar) }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "._-/+,@%".unicodeScalars.contains(scalar)
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        TextEscaping.isControl(scalar) || TextEscaping.isInvisible(scalar)
    }

    /// `word` with a backslash before each scalar `needsEscape` selects.
    private static func escaped(_ word: String, where needsEscape: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        for scalar in word.unicodeScalars {
            if needsEscape(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
