import PrefsTestHelpers
import PrefsTools
import Testing

/// `+` and `-` on reals count in decimal: no binary noise, and no value skipped for being off the step's grid.
@Suite(.threadOfItsOwn) struct DecimalStepTests {
    @Test(arguments: [
        (1.25, 1, 1.35), (1.25, -1, 1.15), (0.1, 1, 0.2), (0.2, 1, 0.3), (0.7, -1, 0.6), (-0.05, 1, 0.05),
        (2.675, 1, 2.775),
    ])
    func aTenthStepsInDecimal(value: Double, direction: Int, expected: Double) {
        let stepped = DecimalStep.stepped(value, by: 0.1, direction: direction)
        #expect(stepped == expected)
        #expect("\(stepped)" == "\(expected)")
    }

    @Test func wholeStepsAndHugeValues() {
        #expect(DecimalStep.stepped(0.1, by: 1, direction: 1) == 1.1)
        #expect(DecimalStep.stepped(1e200, by: 1, direction: 1) == 1e200)
        #expect(DecimalStep.stepped(-3, by: 1, direction: -1) == -4)
    }
}
