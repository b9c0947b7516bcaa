/// Breaks text into lines that fit a number of terminal columns, for values too long for one line.
public enum TextWrapping {
    /// The lines of `text` in `columns`: broken at a space (which is dropped) or after a `/` when a line has one, else
    /// inside the word, so that a long value without either (base64, a long number) is shown whole too.
    ///
    /// - Parameters:
    ///   - text: Printable text, already escaped.
    ///   - columns: The width; at least 1 is used.
    /// - Returns: The lines, at least one; each takes at most `columns` columns.
    public static func lines(_ text: String, columns: Int) -> [String] {
        let columns = max(1, columns)
        var lines: [String] = []
        var line: [Character] = []
        var used = 0
        // Where the line may break: the index of a space (dropped) or just after a slash (kept).
        var lastBreak: (index: Int, drops: Bool)?
        for character in text {
            let width = DisplayWidth.of(character)
            if used + width > columns, !line.isEmpty {
                if let point = lastBreak, point.index > 0 {
                    lines.append(String(line[..<point.index]))
                    line = Array(line[(point.index + (point.drops ? 1 : 0))...])
                } else {
                    lines.append(String(line))
                    line = []
                }
                used = line.reduce(0) { $0 + DisplayWidth.of($1) }
                lastBreak = nil
            }
            if character == " " { lastBreak = (line.count, true) }
            line.append(character)
            if character == "/" { lastBreak = (line.count, false) }
            used += width
        }
        lines.append(String(line))
        return lines
    }
}
