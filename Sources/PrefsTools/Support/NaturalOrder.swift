/// The order people count in: `app2` before `app10`, as `ls -v` and file managers sort.
///
/// Names are compared a run at a time: runs of ASCII digits by the number they write (`007` and `7` alike, then the
/// shorter first), other runs as Swift compares strings. Names equal that way fall back to that comparison, so the
/// order is total and stable.
///
/// Invariant: the names that share a prefix ending in anything but a digit are one run of the order (the editor's
/// key list finds a group with two binary searches).
public enum NaturalOrder {
    /// Whether `lhs` comes before `rhs`.
    ///
    /// ASCII names, nearly every suite and key, are compared byte by byte without allocating: the editor sorts
    /// 100,000 keys with it. Others go run by run.
    ///
    /// - Parameters:
    ///   - lhs: A name.
    ///   - rhs: Another name.
    /// - Returns: Whether `lhs` sorts first.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs
        var right = rhs
        let ascii = left.withUTF8 { x in right.withUTF8 { y in asciiPrecedes(x, y) } }
        return ascii ?? precedesByRuns(lhs, rhs)
    }

    /// The order on two names where they are ASCII, `nil` when Unicode's canonical order may decide instead.
    ///
    /// Where the names first differ decides: two digit runs by value then length; a digit against another character
    /// inside a run ends the shorter run, which sorts first; elsewhere the bytes. A byte past ASCII before that point,
    /// or just after it (a combining mark joins the letter before it), leaves the comparison to the runs.
    private static func asciiPrecedes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool? {
        var (i, j) = (0, 0)
        var atRunStart = true
        func decided(_ answer: Bool, after endI: Int, _ endJ: Int) -> Bool? {
            endI < x.count && x[endI] >= 0x80 || endJ < y.count && y[endJ] >= 0x80 ? nil : answer
        }
        while i < x.count, j < y.count {
            let (c, d) = (x[i], y[j])
            if c >= 0x80 || d >= 0x80 { return nil }
            switch (isDigit(c), isDigit(d)) {
            case (true, true):
                let (endI, endJ) = (digitRunEnd(x, from: i), digitRunEnd(y, from: j))
                var (startI, startJ) = (i, j)
                while startI < endI, x[startI] == UInt8(ascii: "0") { startI += 1 }
                while startJ < endJ, y[startJ] == UInt8(ascii: "0") { startJ += 1 }
                if endI - startI != endJ - startJ { return decided(endI - startI < endJ - startJ, after: endI, endJ) }
                for offset in 0..<(endI - startI) where x[startI + offset] != y[startJ + offset] {
                    return decided(x[startI + offset] < y[startJ + offset], after: endI, endJ)
                }
                if endI - i != endJ - j { return decided(endI - i < endJ - j, after: endI, endJ) }
                (i, j, atRunStart) = (endI, endJ, true)
            case (false, false):
                if c != d { return decided(c < d, after: i + 1, j + 1) }
                (i, j, atRunStart) = (i + 1, j + 1, false)
            case (let leftIsDigit, _):
                return decided(atRunStart ? c < d : leftIsDigit, after: i + 1, j + 1)
            }
        }
        return decided(i == x.count && j < y.count, after: i, j)
    }

    private static func digitRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The order run by run, for any names; ``precedes(_:_:)`` agrees with it on ASCII names.
    package static func precedesByRuns(_ lhs: String, _ rhs: String) -> Bool {
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
