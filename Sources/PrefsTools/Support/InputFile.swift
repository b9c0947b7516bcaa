import PrefsCore
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A file named on the command line; `-` is standard input.
public enum InputFile {
    /// Reads a file named on the command line; `-` reads standard input.
    ///
    /// A pipe or process substitution (`<(…)`) is read like a file, but never past `maximumSize`, so that
    /// `/dev/zero` or a runaway producer gets an error rather than all the memory. A document that holds nothing is an
    /// error, not an empty suite: `ssh host prefs export s | prefs import s - --replace` must not wipe the local suite
    /// when `ssh` fails and writes nothing.
    ///
    /// - Parameters:
    ///   - path: The file's path, or `-`.
    ///   - maximumSize: The most it may hold: as much as a suite may (``/PrefsCore/PropertyListDocumentCodec/maximumSize``).
    /// - Returns: The file's bytes, which hold more than white space.
    /// - Throws: ``ToolError`` naming the file and why it cannot be read: missing, a directory, a closed standard
    ///   input, too large, or empty.
    public static func read(_ path: String, maximumSize: Int) throws -> Data {
        let name = path == "-" ? "standard input" : TextEscaping.escaped(path)
        if path == "-", let capture = Output.capture {
            return try checked(capture.input, name: name, maximumSize: maximumSize)
        }
        if path == "-" && StandardStreams.inputWasClosed {
            throw ToolError("standard input is closed; nothing was read", code: .io)
        }
        let descriptor: FileDescriptor
        do {
            descriptor = path == "-" ? .standardInput : try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        } catch {
            throw cannotRead(name, error)
        }
        defer { if path != "-" { try? descriptor.close() } }
        let status: Stat
        do {
            status = try descriptor.stat()
        } catch .badFileDescriptor where path == "-" {
            throw ToolError("standard input is closed; nothing was read", code: .io)
        } catch {
            throw cannotRead(name, error)
        }
        if status.type == .directory {
            throw ToolError("\(name) is a directory, not a document; nothing was read", code: .invalidDocument)
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw cannotRead(name, error)
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
            guard data.count <= maximumSize else { throw tooLarge(name, maximumSize: maximumSize) }
        }
        return try checked(data, name: name, maximumSize: maximumSize)
    }

    /// The bytes read, when they are a document's: within the size and more than white space.
    private static func checked(_ data: Data, name: String, maximumSize: Int) throws -> Data {
        guard data.count <= maximumSize else { throw tooLarge(name, maximumSize: maximumSize) }
        guard data.contains(where: { !$0.isASCIIWhitespace }) else {
            throw ToolError(
                "\(name) is empty, which is no document (an empty suite is {}); nothing was read",
                code: .invalidDocument)
        }
        return data
    }

    private static func tooLarge(_ name: String, maximumSize: Int) -> ToolError {
        ToolError("\(name) holds more than \(maximumSize / 1024 / 1024) MiB; nothing was read", code: .invalidDocument)
    }

    private static func cannotRead(_ name: String, _ error: any Error) -> ToolError {
        let reason = (error as? Errno).map { $0.description.lowercased() } ?? "\(error)"
        return ToolError("cannot read \(name): \(reason)", code: .io)
    }
}
