public import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs the user's editor, `$VISUAL`, else `$EDITOR`, else `vi`, on a private copy of some text, and returns what
/// was saved.
///
/// The text is written to a file of its own (mode 0600, in a directory of its own) that is removed afterwards, so a
/// value never lands where another user can read it. The command is run by `/bin/sh`, so that an `$EDITOR` with
/// arguments (`code --wait`) works as it does for git.
public struct ExternalTextEditor: Sendable {
    /// The environment the editor's name is read from.
    public var environment: [String: String]
    /// The largest file taken back; an editor that saved more is refused.
    public static let maximumSize = 16 * 1024 * 1024

    /// Creates a runner.
    ///
    /// - Parameter environment: Where `VISUAL` and `EDITOR` are read.
    public init(environment: [String: String] = ProcessEnvironment.current) {
        self.environment = environment
    }

    /// The command that edits a file, as the shell reads it.
    public var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let command = environment[name], !command.trimmingWhiteSpace().isEmpty {
                return command
            }
        }
        return "vi"
    }

    /// Edits text and returns it.
    ///
    /// - Parameters:
    ///   - text: What the editor opens.
    ///   - name: A name for the file, such as the key, so that the editor's title says what is edited.
    ///   - fileExtension: `json` or `txt`, for the editor's highlighting.
    /// - Returns: The saved text, or why there is none.
    public func edit(_ text: String, name: String, fileExtension: String) -> Result<String, ExternalEditorError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-edit-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        let safeName = String(
            name.unicodeScalars.map {
                $0.properties.isAlphabetic || "0123456789-_.".unicodeScalars.contains($0) ? Character($0) : "_"
            }.prefix(60))
        let file = directory.appendingPathComponent("\(safeName.isEmpty ? "value" : safeName).\(fileExtension)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: Data((text + "\n").utf8), attributes: [.posixPermissions: 0o600])
            else { return .failure(ExternalEditorError("cannot write \(file.path)")) }
        } catch {
            return .failure(ExternalEditorError("cannot write a file to edit: \(SystemErrorText.reason(error))"))
        }
        let status: Int32
        do {
            // In the terminal's foreground, as a shell runs it: vim and nano read the terminal.
            status = try ForegroundProcess.run(
                "/bin/sh", ["sh", "-c", "\(command) \"$1\"", "sh", file.path], environment: environment)
        } catch {
            return .failure(ExternalEditorError("cannot start the editor (\(command)): \(error)"))
        }
        guard status == 0 else {
            return .failure(ExternalEditorError("the editor (\(command)) exited with status \(status)"))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(ExternalEditorError("the edited file is gone"))
        }
        guard data.count <= Self.maximumSize else {
            return .failure(ExternalEditorError("the edited file holds more than 16 MiB"))
        }
        guard let saved = String(validating: data, as: UTF8.self) else {
            return .failure(ExternalEditorError("the edited file is not UTF-8 text"))
        }
        return .success(saved)
    }
}
