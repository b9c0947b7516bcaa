/// The words of a plain command line, as the short paths of `write` and `read` take them apart: operands, options
/// that take a value, and flags, in any order, with `--` ending the options.
struct PlainWords {
    /// The operands, in order.
    var operands: [String] = []
    /// Each valued option given, by its long name.
    var options: [String: String] = [:]
    /// The flags given.
    var flags: Set<String> = []

    /// Takes the words apart; fails for an unknown option or one given twice or without its value, which
    /// argument-parser then reports.
    ///
    /// - Parameters:
    ///   - words: The words after the command's name.
    ///   - knownFlags: The flags the command takes.
    ///   - valued: The options that take a value, each mapped to its long name (`-t` to `--type`).
    ///   - isOperand: Whether a word that starts with `-` is an operand, such as a negative number.
    init?(
        _ words: ArraySlice<String>, flags knownFlags: Set<String>, valued: [String: String],
        isOperand: (String) -> Bool = { _ in false }
    ) {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--" {
                operands += words[(index + 1)...]
                break
            } else if knownFlags.contains(word) {
                flags.insert(word)
            } else if let name = valued[word] {
                guard index + 1 < words.endIndex, options[name] == nil else { return nil }
                options[name] = words[index + 1]
                index += 1
            } else if word.hasPrefix("-") && !isOperand(word) {
                return nil
            } else {
                operands.append(word)
            }
            index += 1
        }
    }
}
