/// The part of a long line being edited that fits the terminal, chosen so that the cursor is always visible.
///
/// Text that does not fit is marked at the end it is hidden at, so that a 300-character value or a 40-column
/// terminal never hides the cursor or what is typed at it.
struct EditLineWindow: Equatable {
    /// The characters shown, by index.
    let shown: Range<Int>
    /// Whether text is hidden before, and after, what is shown.
    let hidesBefore: Bool
    let hidesAfter: Bool

    /// Chooses what to show.
    ///
    /// - Parameters:
    ///   - widths: The columns each character takes, as drawn (escaped).
    ///   - cursor: The cursor's position, between characters.
    ///   - columns: The columns available, including one for each mark and one for the cursor at the end.
    init(widths: [Int], cursor: Int, columns: Int) {
        let total = widths.reduce(0, +) + 1
        guard total > columns, columns >= 3 else {
            shown = 0..<widths.count
            hidesBefore = false
            hidesAfter = false
            return
        }
        // One column for each mark; the cursor takes a cell of its own only after the last character shown.
        let room = columns - 2
        var start = cursor
        var end = min(cursor + 1, widths.count)
        var sum = widths[start..<end].reduce(0, +)
        func cost(_ sum: Int, end: Int) -> Int { sum + (cursor == end ? 1 : 0) }
        while start > 0, cost(sum + widths[start - 1], end: end) <= room {
            start -= 1
            sum += widths[start]
        }
        while end < widths.count, cost(sum + widths[end], end: end + 1) <= room {
            sum += widths[end]
            end += 1
        }
        shown = start..<end
        hidesBefore = start > 0
        hidesAfter = end < widths.count
    }
}
