@_spi(Fuzzing) import PrefsQSettings

/// One input: the bytes of a QSettings INI file, read whole (every value decoded, `@Variant` streams included) and
/// edited.
///
/// Any crash, hang or sanitizer report is a finding; so is an edit that changes another key, or a refusal of a file
/// Qt reads whole, which traps here so that libFuzzer keeps the input.
func fuzzQSettings(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    if let violation = QSettingsFileChecks.check([UInt8](UnsafeRawBufferPointer(start: start, count: count))) {
        fatalError("lossless QSettings edit violated: \(violation)")
    }
    return 0
}
