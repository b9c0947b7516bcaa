@_spi(Fuzzing) import PrefsFileStore
import PrefsKit

/// One input: the bytes of a suite file, read as a suite, written back with one more key, and read again.
///
/// Any crash, hang or sanitizer report is a finding; so is a write that changes a value it was not asked to change,
/// which traps here so that libFuzzer keeps the input.
func fuzzPlist(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if let violation = SuiteFileChecks.checkWritingAnotherKey(bytes) {
        fatalError("lossless write violated: \(violation)")
    }
    return 0
}
