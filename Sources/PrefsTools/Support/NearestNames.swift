import PrefsCore

/// The names nearest a mistyped one, for "did you mean": one rule for commands now, and for every name a user types.
///
/// Nearness is the optimal string alignment distance, without regard to case: an insertion, a deletion, a substitution
/// or a swap of two neighbouring characters each count one, so that `raed` is one edit from `read`. Hand-written
/// because no library the package depends on measures it; names are short, and a typed word longer than
/// ``maximumLength`` is compared with nothing, so the work stays bounded.
public enum NearestNames {
    /// The longest typed word compared: longer ones are no typo of a name.
    public static let maximumLength = 128

    /// The candidates within a few edits of `typed`, nearest first, ties in the order given.
    ///
    /// - Parameters:
    ///   - typed: What was typed.
    ///   - candidates: The names it may have meant.
    ///   - limit: How many to return at most.
    ///   - byPrefix: Whether, failing names within a few edits, names `typed` starts are offered.
    /// - Returns: The nearest names: within one edit of a word of up to four characters, within two of a longer one;
    ///   failing those, the names `typed` starts (`str` for `string`), as the search ranks a name's prefix; none when
    ///   `typed` is itself a candidate.
    public static func nearest(
        to typed: String, among candidates: [String], limit: Int = 3, byPrefix: Bool = true
    ) -> [String] {
        let word = Array(typed.lowercased())
        guard !word.isEmpty, word.count <= maximumLength, !candidates.contains(typed) else { return [] }
        let allowed = word.count <= 4 ? 1 : 2
        let scored = candidates.enumerated().compactMap { index, name -> (Int, Int, String)? in
            let other = Array(name.lowercased())
            guard abs(other.count - word.count) <= allowed else { return nil }
            let edits = distance(word, other)
            return edits <= allowed ? (edits, index, name) : nil
        }
        guard scored.isEmpty, byPrefix else {
            return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(limit).map(\.2)
        }
        let lowered = typed.lowercased()
        return Array(candidates.filter { $0.count > typed.count && $0.lowercased().hasPrefix(lowered) }.prefix(limit))
    }

    /// `did you mean "read"?`, or `did you mean "read" or "reset"?`; `nil` when no name is near.
    ///
    /// - Parameters:
    ///   - typed: What was typed.
    ///   - candidates: The names it may have meant.
    ///   - byPrefix: Whether, failing names within a few edits, names `typed` starts are offered.
    /// - Returns: The question, every name quoted and escaped as every name shown is.
    public static func question(for typed: String, among candidates: [String], byPrefix: Bool = true) -> String? {
        let near = nearest(to: typed, among: candidates, byPrefix: byPrefix).map { TextEscaping.quoted($0) }
        guard let last = near.last else { return nil }
        let listed = near.count == 1 ? last : near.dropLast().joined(separator: ", ") + " or " + last
        return "did you mean \(listed)?"
    }

    /// The optimal string alignment distance between two words.
    static func distance(_ first: [Character], _ second: [Character]) -> Int {
        guard !first.isEmpty else { return second.count }
        guard !second.isEmpty else { return first.count }
        // Three rows of the table: the one before the previous, the previous, and the current.
        var older = [Int](repeating: 0, count: second.count + 1)
        var previous = Array(0...second.count)
        var current = [Int](repeating: 0, count: second.count + 1)
        for row in 1...first.count {
            current[0] = row
            for column in 1...second.count {
                let cost = first[row - 1] == second[column - 1] ? 0 : 1
                current[column] = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                if row > 1, column > 1, first[row - 1] == second[column - 2], first[row - 2] == second[column - 1] {
                    current[column] = min(current[column], older[column - 2] + 1)
                }
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[second.count]
    }
}
