#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Steps a real number in decimal, as a person counts: 1.25 + 0.1 is 1.35, never `1.4000000000000001`.
///
/// Binary arithmetic adds noise (`0.1 + 0.2` is `0.30000000000000004`), and rounding the result to the step's grid
/// skips values that are off it (1.25 would go to 1.4). So the value is read as the shortest decimal that prints as
/// it, stepped in `Decimal`, and turned back into the nearest `Double`.
public enum DecimalStep {
    /// The value one step up or down.
    ///
    /// - Parameters:
    ///   - value: A finite real.
    ///   - step: The step, a positive decimal such as 0.1 or 1.
    ///   - direction: 1 to step up, -1 to step down.
    /// - Returns: The stepped value; plain binary arithmetic for values `Decimal` cannot hold (beyond 1e127).
    public static func stepped(_ value: Double, by step: Decimal, direction: Int) -> Double {
        let binary = value + (Double("\(step)") ?? 0) * Double(direction)
        guard value.isFinite, abs(value) < 1e120, let decimal = Decimal(string: "\(value)") else {
            return binary
        }
        let result = decimal + step * Decimal(direction)
        return Double("\(result)") ?? binary
    }
}
