import PrefsCore
import PrefsSystem
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Writes to the standard streams without buffering, so that `prefs watch` piped into another program shows each
/// change at once.
public enum Output {
    /// Where this task's output goes instead of the standard streams, when set: tests that run tools in-process.
    @TaskLocal public static var capture: OutputCapture?

    /// Why standard output failed, once it has; every later write to it is skipped.
    private static let outputFailure = Mutex<Errno?>(nil)

    /// Writes bytes to standard output, or to the capture.
    ///
    /// A write that fails (a full disk, a closed or invalid descriptor, a reader that went away) is remembered, and
    /// ``checkOutput()`` ends the command with it: output is data, and its loss is never silent.
    public static func write(_ data: Data) {
        if let capture { return capture.append(data, toError: false) }
        guard outputFailure.withLock({ $0 == nil }) else { return }
        do {
            // Standard output closed when the program started was given /dev/null, which would swallow everything.
            guard !StandardStreams.outputWasClosed else { throw Errno.badFileDescriptor }
            try data.withUnsafeBytes { _ = try FileDescriptor.standardOutput.writeAll($0) }
        } catch {
            outputFailure.withLock { $0 = $0 ?? ((error as? Errno) ?? .ioError) }
        }
    }

    /// Throws when a write to standard output failed: what a command calls before it says it succeeded, and what
    /// `prefs watch` calls after each change it prints.
    ///
    /// - Throws: ``OutputFailure``, naming the cause.
    public static func checkOutput() throws(OutputFailure) {
        let failure = capture?.failure ?? outputFailure.withLock { $0 }
        if let failure { throw OutputFailure(errno: failure) }
    }

    /// Writes bytes to standard error, or to the capture.
    private static func writeError(_ data: Data) {
        if let capture { return capture.append(data, toError: true) }
        writeAll(data, to: .standardError)
    }

    /// Writes all the bytes to standard error; when that fails too, nothing is left to say so on.
    private static func writeAll(_ data: Data, to stream: FileDescriptor) {
        _ = try? data.withUnsafeBytes { try stream.writeAll($0) }
    }

    /// Writes bytes to a file, replacing it atomically, or to standard output when no file is named.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file, as `--output` names it.
    /// - Throws: ``ToolError`` for a binary property list meant for a terminal, which it would garble, or when the
    ///   file cannot be written (the file as it was is left then: the bytes go to a new file renamed over it).
    public static func write(_ data: Data, toFile path: String?) throws {
        guard let path else {
            if isTerminal && data.starts(with: "bplist".utf8) {
                throw ToolError(
                    "a binary property list is not for a terminal; write it to a file with -o FILE, or redirect "
                        + "standard output", code: .usage)
            }
            return write(data)
        }
        // A link is written through, as the shell's `>` writes: replacing it would break it (`-o /dev/stdout`).
        let target = OutputTarget(path)
        do {
            if target.isSpecial {
                // A device or a pipe cannot be replaced, only written to.
                let descriptor = try FileDescriptor.open(
                    FilePath(target.path), .writeOnly, options: [.truncate, .closeOnExec])
                try descriptor.closeAfter { _ = try data.withUnsafeBytes { try descriptor.writeAll($0) } }
            } else {
                try data.write(to: URL(fileURLWithPath: target.path), options: .atomic)
            }
        } catch {
            throw ToolError(
                "cannot write \(TextEscaping.quoted(path)): \(SystemErrorText.reason(error))"
                    + (target.isSpecial ? "" : "; the file is as it was"), code: .io)
        }
    }

    /// Writes text followed by a newline to standard output.
    public static func line(_ text: String) {
        write(Data((text + "\n").utf8))
    }

    /// Writes lines to standard output in one call.
    public static func lines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes `prefs: <message>` to standard error.
    public static func error(_ message: String) {
        writeError(Data("prefs: \(message)\n".utf8))
    }

    /// Writes a note for a person to standard error, leaving standard output to data.
    public static func note(_ message: String) {
        writeError(Data("\(message)\n".utf8))
    }

    /// Whether standard output is a terminal, where control characters in values must be shown escaped; captured
    /// output is not, unless the capture plays one.
    public static var isTerminal: Bool { capture.map(\.playsATerminal) ?? Terminal.isTerminal(.standardOutput) }

    /// Whether standard input is a terminal, where a question can be asked; a capture's input is not, unless the
    /// capture plays one.
    public static var inputIsTerminal: Bool { capture.map(\.playsATerminal) ?? Terminal.isTerminal(.standardInput) }

    /// Writes a JSON value followed by a newline.
    public static func json(_ object: Any, pretty: Bool = false) {
        line(jsonText(object, pretty: pretty))
    }

    /// Writes values in PrefsKit's tagged JSON form (`{"int":3}`), or a dictionary of them, and a newline.
    ///
    /// - Throws: `EncodingError` for a real that is not finite, which JSON cannot hold.
    public static func typedJSON(_ value: some Encodable, pretty: Bool = true) throws {
        write(try TypedDocument.text(value, pretty: pretty))
    }

    /// A JSON value as text, with sorted keys; compact unless `pretty`, so that it fits a JSON-lines stream.
    public static func jsonText(_ object: Any, pretty: Bool = false) -> String {
        // Objects come from `jsonObject` conversions and plain strings and numbers, which always serialize.
        escapingWideControls(JSONValue(any: object)?.text(pretty: pretty) ?? "null")
    }

    /// JSON text with DEL and the C1 controls (U+007F–U+009F) written as `\u` escapes.
    ///
    /// JSON's encoder leaves them raw, and some terminals act on them as they do on ESC. Outside strings JSON holds only ASCII, so every one of them is
    /// inside a string, where the escape means the same character.
    public static func escapingWideControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                escaped.append(contentsOf: "\\u00\(String(scalar.value, radix: 16))".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Asks a yes-or-no question on the terminal.
    ///
    /// - Returns: Whether the answer was yes; no, an empty answer and the end of input are all no.
    public static func confirm(_ question: String) -> Bool {
        writeError(Data("\(question) [y/N] ".utf8))
        let line = capture.map { $0.readLine() } ?? readLine()
        guard let answer = line?.trimmingWhiteSpace().lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}
