/// The expansion KConfig applies to a `[$e]` entry when it is read (`KConfigPrivate::expandString`): `$VAR` and
/// `${VAR}` become the variable's value (nothing when it is unset), `$$` a single `$`.
///
/// `$(command)` once ran the command; KDE removed that in 2019 for security. Here, as in KDE now, `$(` names no
/// variable, so the `$` is dropped and nothing runs: a value never becomes code.
enum KConfigExpansion {
    /// A value with its variables expanded.
    ///
    /// - Parameters:
    ///   - raw: The value as the file holds it, escapes undone.
    ///   - environment: Where variables are read.
    /// - Returns: The expanded text.
    static func expanded(_ raw: String, environment: [String: String]) -> String {
        guard raw.contains("$") else { return raw }
        let characters = Array(raw)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$", index + 1 < characters.count else {
                result.append(character)
                index += 1
                continue
            }
            if characters[index + 1] == "$" {
                result.append("$")
                index += 2
                continue
            }
            let name: String
            let end: Int
            if characters[index + 1] == "{" {
                let close = characters[(index + 2)...].firstIndex(of: "}") ?? characters.count
                name = String(characters[(index + 2)..<close])
                end = min(close + 1, characters.count)
            } else {
                var stop = index + 1
                while stop < characters.count,
                    characters[stop].isLetter || characters[stop].isNumber
                        || characters[stop] == "_"
                {
                    stop += 1
                }
                name = String(characters[(index + 1)..<stop])
                end = stop
            }
            if !name.isEmpty { result += environment[name] ?? "" }
            index = max(end, index + 1)
        }
        return result
    }
}
