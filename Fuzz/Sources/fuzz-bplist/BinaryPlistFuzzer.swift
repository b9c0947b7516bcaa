@_spi(Fuzzing) import PrefsFileStore
import PrefsKit

/// One input: the bytes of a binary property list, read by prefs' own reader, encoded anew, written back with one
/// more key, and read again.
///
/// Any crash, hang or sanitizer report is a finding; so is a value that changes on the way, which traps here so that
/// libFuzzer keeps the input.
func fuzzBinaryPlist(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if let violation = SuiteFileChecks.checkBinary(bytes) {
        fatalError("binary property list check violated: \(violation)")
    }
    return 0
}
