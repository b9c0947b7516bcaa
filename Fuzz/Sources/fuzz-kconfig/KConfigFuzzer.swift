@_spi(Fuzzing) import PrefsKConfig

/// One input: the bytes of a KConfig file, read, written back, edited and read again (and read as a `.kcfg`).
///
/// Any crash, hang or sanitizer report is a finding; so is a write that changes a byte or a value it was not asked to
/// change, which traps here so that libFuzzer keeps the input.
func fuzzKConfig(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if let violation = KConfigFileChecks.check(bytes) {
        fatalError("lossless KConfig write violated: \(violation)")
    }
    return 0
}
