import Foundation

/// Writes diagnostics to standard error, one escaped line at a time.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((TextEscaping.escaped(line) + "\n").utf8))
    }
}
