@_spi(Fuzzing) import PrefsGSettings
import PrefsTools

/// One input: the bytes of a script `prefs apply` is given, read as `prefs record`'s, and of a GSettings schema
/// mapping file (line-oriented text both).
///
/// Here-documents, quotes and escapes included. Any crash, hang or sanitizer report is a finding; a script is either
/// read into commands or refused with its line, and a write it reads never holds more than the script; mappings read
/// are written back and read again the same.
func fuzzScript(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    if let violation = SchemaMappingsChecks.check(Array(UnsafeBufferPointer(start: start, count: count))) {
        fatalError("schema mappings: \(violation)")
    }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let commands = try? RecordedScript.commands(in: text) else { return 0 }
    for case .write(let request) in commands where request.value.utf8.count > text.utf8.count {
        fatalError("a write of \(request.value.utf8.count) bytes read from a script of \(text.utf8.count)")
    }
    return 0
}
