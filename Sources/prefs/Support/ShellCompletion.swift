import ArgumentParser
import PrefsStores
import PrefsTools

/// Completion of suite names, keys and values for bash, zsh and fish, through argument-parser's custom completion.
///
/// The shell runs `prefs` with the words typed so far; these closures read the store those words name
/// (`--config-dir`, `--store`, else the environment's) and offer what it holds, as dconf's and gsettings' completions
/// do. They never fail and never write (``PrefsTools/CompletionCandidates``).
enum ShellCompletion {
    /// Suite names.
    static let suites = CompletionKind.custom { words, index, prefix in
        CompletionCandidates(context: context(words)).suites(startingWith: unquoted(prefix))
    }

    /// The keys of the suite typed before.
    static let keys = CompletionKind.custom { words, index, prefix in
        guard let suite = operands(words, before: index).first else { return [] }
        return CompletionCandidates(context: context(words)).keys(of: suite, startingWith: unquoted(prefix))
    }

    /// The values of the key typed before: its choices, or `true` and `false`.
    static let values = CompletionKind.custom { words, index, prefix in
        let operands = operands(words, before: index)
        guard operands.count == 2 else { return [] }
        return CompletionCandidates(context: context(words))
            .values(of: operands[1], in: operands[0], startingWith: unquoted(prefix))
    }

    /// The options of any command that take a value, whose values are not operands.
    static let valuedOptions: Set = [
        "--config-dir", "--store", "--type", "-t", "--path", "--steps", "--to", "--from-file", "--output", "-o",
        "--interval", "--suite", "--against", "--format", "--limit", "-n",
    ]

    /// The store the words name, as the command itself would open it.
    private static func context(_ words: [String]) -> ToolContext {
        StoreResolver.context(
            configDirectory: StoreResolver.configDirectory(value(of: "--config-dir", in: words)),
            storeURL: value(of: "--store", in: words))
    }

    /// The value given to an option, as `--option value` or `--option=value`.
    private static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return unquoted(words[index + 1]) }
            if word.hasPrefix(option + "=") { return unquoted(String(word.dropFirst(option.count + 1))) }
        }
        return nil
    }

    /// The operands typed before the word being completed, after the command's name (`schema show` has two).
    private static func operands(_ words: [String], before index: Int) -> [String] {
        var operands: [String] = []
        var skipNext = false
        for word in words.prefix(index).dropFirst() {
            if skipNext {
                skipNext = false
            } else if valuedOptions.contains(word) {
                skipNext = true
            } else if !word.hasPrefix("-") || ValueText.isNegativeNumber(word) {
                operands.append(unquoted(word))
            }
        }
        let commandWords = operands.first == "schema" ? 2 : 1
        return Array(operands.dropFirst(commandWords))
    }

    /// A shell word without the quotes or backslashes the user typed around it.
    private static func unquoted(_ word: String) -> String {
        var text = word
        if let first = text.first, first == "'" || first == "\"" {
            text.removeFirst()
            if text.last == first { text.removeLast() }
        }
        return text.replacingOccurrences(of: "\\", with: "")
    }
}
