/// A double as `QVariant::toString()` writes it (`QString::number(d, 'g', QLocale::FloatingPointShortest)`): the
/// shortest digits that read back exactly, in fixed notation unless the exponent is below -4 or more than four past
/// the digits' count (`1e+06` but `100000`), the exponent of at least two digits; `inf`, `nan`, and zero without a
/// sign.
enum QtNumberText {
    static func text(of number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        if number == 0 { return "0" }
        let (digits, point) = shortestDigits(of: abs(number))
        let exponent = point - 1
        let sign = number < 0 ? "-" : ""
        if exponent < -4 || exponent > digits.count + 4 {
            let mantissa = String(digits.prefix(1)) + (digits.count > 1 ? "." + digits.dropFirst() : "")
            let magnitude = String(abs(exponent))
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
        }
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
    }

    /// The shortest decimal digits that read back as the number (Swift's own, as its description prints them), and
    /// where the decimal point goes: `1.25` is `125` and 1.
    static func shortestDigits(of number: Double) -> (digits: String, point: Int) {
        let text = number.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let whole = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = String(whole[0]) + (whole.count == 2 ? String(whole[1]) : "")
        var point = whole[0].count + exponent
        while digits.first == "0", digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0", digits.count > 1 { digits.removeLast() }
        return (digits, point)
    }
}
