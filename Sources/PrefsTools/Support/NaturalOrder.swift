/// The order people count in: `app2` before `app10`, as `ls -v` and file managers sort.
///
/// Names are compared a run at a time: runs of ASCII digits by the number they write (`007` and `7` alike, then the
/// shorter first), other runs as Swift compares strings. Names equal that way fall back to that comparison, so the
/// order is total and stable.
public enum NaturalOrder {
    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: A name.
    ///   - rhs: Another name.
    /// - Returns: Whether `lhs` sorts first.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var left = runs(lhs).makeIterator()
        var right = runs(rhs).makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return lhs < rhs
            case (nil, _): return true
            case (_, nil): return false
            case (let a?, let b?):
                if a == b { continue }
                if a.isNumber && b.isNumber {
                    let (x, y) = (a.text.drop { $0 == "0" }, b.text.drop { $0 == "0" })
                    if x.count != y.count { return x.count < y.count }
                    if x != y { return x < y }
                    return a.text.count < b.text.count
                }
                return a.text < b.text
            }
        }
    }

    private struct Run: Equatable {
        let text: Substring
        let isNumber: Bool
    }

    /// A name cut where it changes between ASCII digits and anything else.
    private static func runs(_ name: String) -> [Run] {
        var runs: [Run] = []
        var index = name.startIndex
        while index < name.endIndex {
            let digit = isDigit(name[index])
            var end = name.index(after: index)
            while end < name.endIndex, isDigit(name[end]) == digit { end = name.index(after: end) }
            runs.append(Run(text: name[index..<end], isNumber: digit))
            index = end
        }
        return runs
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
