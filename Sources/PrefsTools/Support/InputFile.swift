public import Foundation
import PrefsKit

/// A file named on the command line; `-` is standard input.
public enum InputFile {
    /// Reads a file named on the command line; `-` reads standard input.
    ///
    /// A pipe or process substitution (`<(…)`) is read like a file, but never past ``maximumSize``, so that
    /// `/dev/zero` or a runaway producer gets an error rather than all the memory.
    ///
    /// - Parameters:
    ///   - path: The file's path, or `-`.
    ///   - maximumSize: The most it may hold: as much as a suite may (``PrefsKit/PropertyListDocumentCodec/maximumSize``).
    /// - Returns: The file's bytes.
    /// - Throws: ``ToolError`` naming the file and why it cannot be read.
    public static func read(_ path: String, maximumSize: Int) throws -> Data {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            } catch {
                throw ToolError("cannot read \(TextEscaping.escaped(path)): \(error.localizedDescription)", code: .io)
            }
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                guard data.count <= maximumSize else {
                    throw ToolError(
                        "\(path == "-" ? "standard input" : TextEscaping.escaped(path)) holds more than "
                            + "\(maximumSize / 1024 / 1024) MiB; nothing was read", code: .invalidDocument)
                }
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("cannot read \(TextEscaping.escaped(path)): \(error.localizedDescription)", code: .io)
        }
        return data
    }
}
