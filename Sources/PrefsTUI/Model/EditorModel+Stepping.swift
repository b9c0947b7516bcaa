import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// `+` and `-`: steps a number by a step that suits its range (``step(across:)``), staying within the range: a
    /// step past a bound stops at the bound, and one at the bound says so.
    ///
    /// - Parameter direction: 1 for `+`, -1 for `-`.
    func stepSelectedNumber(by direction: Int) {
        guard let suite = currentSuite, let row = selectedKey else { return }
        // Stepping tells where a value stands (at its maximum, say): a hidden secret is only ever replaced.
        if hidesValue(suite: suite, key: row.key) {
            return say("\(TextEscaping.quoted(row.key)) is secret: Enter types its new value")
        }
        let range = row.entry?.range
        let step = Self.step(across: range)
        var next: PropertyListValue
        // A value stored with the wrong type reads as the default, and steps from there.
        let current = if case .invalid = row.status { row.entry?.defaultValue } else { row.effective }
        switch current {
        case .int(let value)? where row.storage == .int:
            // Whole already: an integer's step is never under 1.
            let integerStep = Int("\(step)") ?? 1
            let (stepped, overflow) = value.addingReportingOverflow(direction * integerStep)
            guard !overflow else { return say("\(TextEscaping.escaped(row.key)) is at the end of the integers") }
            next = .int(stepped)
        case .double(let value)? where row.storage == .double:
            next = .double(DecimalStep.stepped(value, by: step, direction: direction))
        case .int(let value)? where row.storage == .double:
            next = .double(DecimalStep.stepped(Double(value), by: step, direction: direction))
        default:
            return say("+ and - step numbers; \(TextEscaping.quoted(row.key)) is \(row.kind)")
        }
        if let range, !range.contains(next) {
            let bound = direction > 0 ? range.upperBound : range.lowerBound
            // Short of the bound, the step stops on it; at the bound, there is nowhere to go.
            guard let current, current != bound, range.contains(current) else {
                return say(
                    "\(TextEscaping.escaped(row.key)) is at its \(direction > 0 ? "maximum" : "minimum"), \(bound.text)"
                )
            }
            next = if case .int(let number) = bound, row.storage == .double { .double(Double(number)) } else { bound }
        }
        let done = writtenMessage(key: row.key, in: suite, next)
        requestKeyWrite(row.key, in: suite, next, over: row.stored, done: done)
    }

    /// The step of `+` and `-` over a range: the largest of 1, 2 and 5 times a power of ten that crosses it in at
    /// least twenty presses (5 over 0–100, 100 over 100–2500, 0.1 over 0.5–3.0, 0.05 over 0–1), and 1 without a
    /// range; an integer's never under 1.
    ///
    /// - Parameter range: The key's range, if it declares one.
    /// - Returns: The step, exact in decimal.
    static func step(across range: PreferenceValueRange?) -> Decimal {
        let span: Double
        switch range {
        case .integer(let bounds)?: span = Double(bounds.upperBound) - Double(bounds.lowerBound)
        case .real(let bounds)?: span = bounds.upperBound - bounds.lowerBound
        case nil: return 1
        }
        guard span.isFinite, span > 0 else { return 1 }
        // The largest power of ten not above a twentieth of the span, found by counting: a handful of steps.
        let target = span / 20
        var (exponent, power) = (0, 1.0)
        while power * 10 <= target, exponent < 300 { (exponent, power) = (exponent + 1, power * 10) }
        while power > target, exponent > -12 { (exponent, power) = (exponent - 1, power / 10) }
        let significand = power * 5 <= target ? 5 : power * 2 <= target ? 2 : 1
        let step = Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
        if case .integer? = range { return max(1, step) }
        return step
    }
}
