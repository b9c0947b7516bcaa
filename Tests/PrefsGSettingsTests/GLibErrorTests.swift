import PrefsGLib
import PrefsTestHelpers
import Testing

/// GLib's parser messages as a person reads them: a sane position kept, an impossible one dropped.
@Suite(.threadOfItsOwn) struct GLibErrorTests {
    @Test(arguments: [
        ("0-4:unterminated string constant", "0-4:unterminated string constant"),
        ("6:expected value", "6:expected value"),
        ("18446744072832839632:expected value", "expected value"),
        ("3-18446744072832839632:expected end of input", "expected end of input"),
        ("no position here", "no position here"),
    ])
    func anImpossiblePositionIsDropped(message: String, shown: String) {
        #expect(GLibError.withoutAbsurdPosition(message) == shown)
    }
}
