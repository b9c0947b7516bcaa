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
    static let suites = CompletionKind.custom { words, _, prefix in
        candidates(words).suites(startingWith: CompletionWords.unquoted(prefix))
    }

    /// The keys of the suite typed before.
    static let keys = CompletionKind.custom { words, index, prefix in
        guard let suite = CompletionWords(words).operands(before: index).first else { return [] }
        return candidates(words).keys(of: suite, startingWith: CompletionWords.unquoted(prefix))
    }

    /// The values of the key typed before: its choices, or `true` and `false`.
    static let values = CompletionKind.custom { words, index, prefix in
        let operands = CompletionWords(words).operands(before: index)
        guard operands.count == 2 else { return [] }
        return candidates(words).values(
            of: operands[1], in: operands[0], startingWith: CompletionWords.unquoted(prefix))
    }

    /// The filters of `prefs find`'s query (`@modified`, `@type:int`…), for a word that starts one.
    static let filters = CompletionKind.custom { words, _, prefix in
        candidates(words).filters(startingWith: CompletionWords.unquoted(prefix))
    }

    /// What the store the words name holds, opened as the command itself would open it.
    private static func candidates(_ words: [String]) -> CompletionCandidates {
        let words = CompletionWords(words)
        let context = StoreResolver.context(
            configDir: words.value(of: "--config-dir"), storeURL: words.value(of: "--store"))
        let shell = CompletionShell.requesting.flatMap { ShellWord.Shell(rawValue: $0.rawValue) }
        return CompletionCandidates(context: context, shell: shell)
    }
}
