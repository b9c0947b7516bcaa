#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The words a shell passes to `prefs` when it asks for completions, read as the command would read them.
///
/// The shell gives the words typed so far, as typed, quotes included; completion needs the store they name and the
/// operands before the word being completed, whatever options stand between them.
public struct CompletionWords: Sendable {
    /// The words, the program's name first.
    public let words: [String]

    /// Wraps the words the shell passed.
    public init(_ words: [String]) { self.words = words }

    /// The value given to an option, as `--option value` or `--option=value`, unquoted.
    ///
    /// - Parameter option: The option, such as `--store`.
    /// - Returns: The value, or `nil` when the option is not there.
    public func value(of option: String) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return Self.unquoted(words[index + 1]) }
            if word.hasPrefix(option + "=") { return Self.unquoted(String(word.dropFirst(option.count + 1))) }
        }
        return nil
    }

    /// The operands typed before a word, after the command's name (`schema show` has two), unquoted.
    ///
    /// Options are skipped, with the values of those that take one (``CommandOptions``), wherever they stand:
    /// `prefs --config-dir D read <Tab>` has no operand yet.
    ///
    /// - Parameter index: The index of the word being completed.
    /// - Returns: The operands, in order.
    public func operands(before index: Int) -> [String] {
        var operands: [String] = []
        var command = ""
        var skipNext = false
        for word in words.prefix(index).dropFirst() {
            if skipNext {
                skipNext = false
            } else if CommandOptions.takingValue(in: command).contains(word) {
                skipNext = true
            } else if !word.hasPrefix("-") || ValueText.isNegativeNumber(word) {
                operands.append(Self.unquoted(word))
                command = CommandOptions.command(in: operands).name
            }
        }
        return Array(operands.dropFirst(CommandOptions.command(in: operands).words))
    }

    /// A shell word without the quotes or backslashes the user typed around it.
    ///
    /// - Parameter word: The word as typed.
    /// - Returns: The word as the command will receive it.
    public static func unquoted(_ word: String) -> String {
        var text = word
        if let first = text.first, first == "'" || first == "\"" {
            text.removeFirst()
            if text.last == first { text.removeLast() }
        }
        return text.replacing("\\", with: "")
    }
}
