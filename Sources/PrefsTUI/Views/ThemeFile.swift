import PrefsCore
import PrefsTools

/// A user's colours for the editor, from `$XDG_CONFIG_HOME/prefs/theme`.
///
/// One role a line, `ROLE = WORDS`, the words a colour, `on` a background colour, and `bold`, `dim`, `reverse` or
/// `underline`:
///
/// ```
/// # prefs editor colours
/// title = black on cyan bold
/// string = green
/// modified = yellow bold
/// ```
///
/// Roles are the editor's own (``Role``): its frame, each value's type and each key's state. A line that names no
/// role or a word no style knows is reported, with the nearest, and left out; the rest applies.
/// Hand-written: the format is five words a line, not worth a configuration library.
public struct ThemeFile: Sendable, Equatable {
    /// What a style colours.
    public enum Role: String, CaseIterable, Sendable {
        case title, selected, highlighted, dim, error, status, label
        /// Values by their stored type.
        case string, number, bool, date, data, collection
        /// Keys by their state: changed from the default, at it, invalid, locked, set by a system layer.
        case modified
        case atDefault = "default"
        case invalid, locked, system
    }

    /// The styles the file sets, by role.
    public let styles: [Role: TextStyle]
    /// What was wrong with lines left out, one message each (`line 3: unknown colour "purpel"…`).
    public let problems: [String]

    /// No file: the built-in colours.
    public static let none = ThemeFile(styles: [:], problems: [])

    private init(styles: [Role: TextStyle], problems: [String]) {
        self.styles = styles
        self.problems = problems
    }

    /// The most lines read: a theme longer than this is not one.
    static let maximumLines = 200

    /// Reads a theme's text.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - earlier: What was wrong before the text was read (a file that could not be), said first.
    public init(parsing text: String, problems earlier: [String] = []) {
        var styles: [Role: TextStyle] = [:]
        var problems = earlier
        let colours = TextStyle.Color.allCases.map { "\($0)" }
        let attributes = ["bold", "dim", "reverse", "underline"]
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(Self.maximumLines)
            .enumerated()
        {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            let say = { (problem: String) in problems.append("theme line \(number + 1): \(problem)") }
            let parts = line.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { String($0).trimmingWhiteSpace().lowercased() } ?? ""
            guard parts.count == 2, let role = Role(rawValue: name) else {
                let hint =
                    NearestNames.question(for: name, among: Role.allCases.map(\.rawValue)).map { "; \($0)" } ?? ""
                say("\(TextEscaping.quoted(name, limit: 40)) is no role\(hint)")
                continue
            }
            var style = TextStyle()
            var onBackground = false
            var valid = true
            for word in parts[1].split(whereSeparator: \.isWhitespace).map({ $0.lowercased() }) {
                if word == "on" {
                    onBackground = true
                } else if let colour = TextStyle.Color.allCases.first(where: { "\($0)" == word }) {
                    if onBackground { style.background = colour } else { style.foreground = colour }
                    onBackground = false
                } else if attributes.contains(word) {
                    style.bold = style.bold || word == "bold"
                    style.dim = style.dim || word == "dim"
                    style.reverse = style.reverse || word == "reverse"
                    style.underline = style.underline || word == "underline"
                } else {
                    let hint = NearestNames.question(for: word, among: colours + attributes).map { "; \($0)" } ?? ""
                    say("\(TextEscaping.quoted(word, limit: 40)) is no colour or attribute\(hint)")
                    valid = false
                }
            }
            if valid { styles[role] = style }
        }
        self.init(styles: styles, problems: problems)
    }
}
