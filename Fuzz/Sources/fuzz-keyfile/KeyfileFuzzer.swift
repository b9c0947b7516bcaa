@_spi(Fuzzing) import PrefsFlatpak

/// One input: the bytes of a GLib keyfile (a Flatpak app's settings), read, written back and edited.
///
/// Any crash, hang or sanitizer report is a finding; so is a write that changes a byte or a value it was not asked to
/// change, which traps here so that libFuzzer keeps the input.
func fuzzKeyfile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    if let violation = FlatpakKeyfileChecks.check([UInt8](UnsafeRawBufferPointer(start: start, count: count))) {
        fatalError("lossless keyfile edit violated: \(violation)")
    }
    return 0
}
