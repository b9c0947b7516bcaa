import PrefsCore

/// A value read from a file, for `prefs write --value-file`: one longer than a command line may hold (a single
/// argument stops at 128 KiB on Linux), as `prefs record` writes it in a here-document.
public enum ValueFile {
    /// The longest value that goes on a command line in a recorded script.
    ///
    /// A longer one goes in a here-document read by `--value-file -`. It is below the kernel's 128 KiB limit on one
    /// argument, with room for quoting.
    public static let longestArgument = 100_000

    /// The most a value file may hold: as much as a suite file may (64 MiB), read no further.
    public static let maximumSize = 64 << 20

    /// The text of a value file: its bytes as UTF-8, less one final line feed, which a here-document and most editors
    /// add after the last line.
    ///
    /// - Parameter path: The file, or `-` for standard input.
    /// - Returns: The value's text, as `prefs write` reads a value given on its command line.
    /// - Throws: ``ToolError`` when the file cannot be read, is empty, larger than a suite may be, or not UTF-8.
    public static func text(of path: String) throws -> String {
        let data = try InputFile.read(path, maximumSize: maximumSize)
        guard var text = String(validating: data, as: UTF8.self) else {
            let name = path == "-" ? "standard input" : TextEscaping.quoted(path)
            throw ToolError("\(name) is not UTF-8 text; nothing was written", code: .invalidValue)
        }
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
