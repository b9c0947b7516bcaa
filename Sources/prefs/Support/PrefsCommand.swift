import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit

/// A subcommand whose failures become one line on standard error and exit status 1.
///
/// Usage errors stay with argument-parser, which prints the usage and exits with 64 (`EX_USAGE`).
protocol PrefsCommand: ParsableCommand {
    /// Does the command's work.
    ///
    /// - Throws: Anything with a one-line description; it is printed as `prefs: <description>`.
    func perform() throws
}

extension PrefsCommand {
    func run() throws {
        do {
            try perform()
        } catch let exit as ExitCode {
            throw exit
        } catch let usage as ValidationError {
            throw usage
        } catch {
            Output.error("\(error)")
            throw ExitCode.failure
        }
    }
}

/// A failure the command line reports as it is.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A key the suite's schema does not declare, which `write` and `import` take only with `--force`.
    static func notInSchema(key: String, suite: String, action: String) -> CLIError {
        CLIError(
            "key \(TextEscaping.quoted(key)) is not in the schema of suite \(TextEscaping.quoted(suite)); "
                + "use --force to \(action) it anyway")
    }
}

/// The most a file named on the command line may hold: as much as a suite may.
let maximumInputFileSize = PropertyListDocument.maximumSize

/// Reads a file named on the command line; `-` reads standard input.
///
/// A pipe or process substitution (`<(…)`) is read like a file, but never past ``maximumInputFileSize``, so that
/// `/dev/zero` or a runaway producer gets an error rather than all the memory.
///
/// - Throws: `CLIError` naming the file and why it cannot be read.
func readInputFile(_ path: String) throws -> Data {
    let handle: FileHandle
    if path == "-" {
        handle = FileHandle.standardInput
    } else {
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw CLIError("cannot read \(TextEscaping.escaped(path)): \(error.localizedDescription)")
        }
    }
    defer { if path != "-" { try? handle.close() } }
    var data = Data()
    do {
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            guard data.count <= maximumInputFileSize else {
                throw CLIError(
                    "\(path == "-" ? "standard input" : TextEscaping.escaped(path)) holds more than "
                        + "\(maximumInputFileSize / 1024 / 1024) MiB; nothing was read")
            }
        }
    } catch let error as CLIError {
        throw error
    } catch {
        throw CLIError("cannot read \(TextEscaping.escaped(path)): \(error.localizedDescription)")
    }
    return data
}
