import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// `+` and `-`: steps a number by one (a real by a tenth when its range is narrower than ten), staying within the
    /// key's range.
    ///
    /// - Parameter direction: 1 for `+`, -1 for `-`.
    func stepSelectedNumber(by direction: Int) {
        guard let suite = currentSuite, let row = selectedKey else { return }
        // Stepping tells where a value stands (at its maximum, say): a hidden secret is only ever replaced.
        if hidesValue(suite: suite, key: row.key) {
            return say("\(TextEscaping.quoted(row.key)) is secret: Enter types its new value")
        }
        let range = row.entry?.range
        let next: PropertyListValue
        // A value stored with the wrong type reads as the default, and steps from there.
        let current = if case .invalid = row.status { row.entry?.defaultValue } else { row.effective }
        switch current {
        case .int(let value)? where row.kind == "int":
            let (stepped, overflow) = value.addingReportingOverflow(direction)
            guard !overflow else { return say("\(TextEscaping.escaped(row.key)) is at the end of the integers") }
            next = .int(stepped)
        case .double(let value)? where row.kind == "double":
            let step: Decimal =
                if case .real(let bounds)? = range, bounds.upperBound - bounds.lowerBound < 10 {
                    Decimal(sign: .plus, exponent: -1, significand: 1)
                } else {
                    1
                }
            next = .double(DecimalStep.stepped(value, by: step, direction: direction))
        case .int(let value)? where row.kind == "double":
            next = .double(Double(value + direction))
        default:
            return say("+ and - step numbers; \(TextEscaping.quoted(row.key)) is \(row.kind)")
        }
        if let range, !range.contains(next) {
            let bound = direction > 0 ? range.upperBound : range.lowerBound
            return say(
                "\(TextEscaping.escaped(row.key)) is at its \(direction > 0 ? "maximum" : "minimum"), \(bound.text)")
        }
        let done = writtenMessage(key: row.key, in: suite, next)
        if let now = writeKey(row.key, in: suite, next, over: row.stored, done: done) {
            say(changedMeanwhile(row.key, in: suite, now: now))
        }
    }
}
