import PrefsSystem
public import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
/// A small file of `prefs`'s own beside the settings, such as an installed manifest or a mapping of paths to schemas:
/// read within a bound, and replaced whole through a temporary file renamed into place, readable by its owner only.
public enum SmallFile {
    /// Why a file could not be read or written, on one line.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// A regular file's bytes, or `nil` when there is no file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The most bytes the file may hold; a larger one is an error, not read.
    ///   - limitText: The limit for people, such as `4 MiB`.
    /// - Returns: The bytes.
    /// - Throws: ``Failure`` naming what the path is, or the system's reason, when it cannot be read.
    public static func read(_ path: FilePath, limit: Int, limitText: String) throws(Failure) -> Data? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch .noSuchFileOrDirectory {
            return nil
        } catch {
            throw Failure(description: "\(error)")
        }
        defer { try? descriptor.close() }
        do {
            let status = try descriptor.stat()
            guard status.type == .regular else {
                throw Failure(description: "it is \(FileKinds.describe(status.type))")
            }
            guard status.size <= limit else { throw Failure(description: "it is larger than \(limitText)") }
            var bytes = [UInt8](repeating: 0, count: Int(status.size))
            let count = try bytes.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: 0, into: $0) }
            return Data(bytes[..<count])
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Replaces a file with bytes, readable by its owner only, through a fresh temporary file renamed into place:
    /// a reader sees the old file or the new, never part of one.
    ///
    /// - Throws: The system's error; the file is then as it was.
    public static func write(_ data: Data, to path: FilePath) throws {
        try AtomicFile.write(data, to: path)
    }
}
