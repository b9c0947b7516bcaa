import ArgumentParser
import PrefsTools

/// The help as the manual generator reads it, with every character past ASCII kept as a placeholder.
///
/// argument-parser's `generate-manual` drops every character that is not ASCII from the help it renders (its mdoc
/// escaping skips them), which turned "rather than ••••." into "rather than .". Under `PREFS_MANUAL_ESCAPES=1`,
/// `prefs --experimental-dump-help` writes each such character as `@@U+2022@@`, which the generator passes through,
/// and `scripts/manual/finish` turns into mandoc's `\[u2022]`: the manual keeps every character of the help.
enum ManualEscapes {
    /// The environment variable `scripts/manual/generate` sets.
    static let variable = "PREFS_MANUAL_ESCAPES"

    /// The help dump, with placeholders.
    ///
    /// - Returns: argument-parser's JSON dump of every command's help, each non-ASCII scalar as `@@U+XXXX@@`.
    static func dump() -> String {
        var text = ""
        for scalar in Prefs._dumpHelp().unicodeScalars {
            if scalar.isASCII {
                text.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "@@U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "@@"
            }
        }
        return text
    }
}
