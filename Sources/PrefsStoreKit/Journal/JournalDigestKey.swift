import Logging
package import PrefsCore
import PrefsSystem
import Synchronization
package import SystemPackage

/// The key a journal's secret records are digested with, kept beside them in `.secret-digest-key` (mode 0600).
///
/// A secret's record keeps no value, but a watcher must still tell the change it made from a change no journal
/// explains (a hand edit, a plain UserDefaults program). So it keeps 8 bits of a digest of the value, keyed: without
/// the key, the bits say nothing; with it, they narrow a value to one in 256, which recovers no secret worth the name,
/// and the same value always gives the same bits, so rewriting a secret never adds up to more. An unexplained change
/// is then taken for the record's in one case in 256, where a record that matched every value was taken always.
package enum JournalDigestKey {
    private static let keys = Mutex<[String: [UInt8]]>([:])

    /// The file's name in the journal's directory.
    package static let fileName = ".secret-digest-key"

    /// The key of a journal directory: read from its file, or made and written there by the first writer; `nil` when
    /// neither can be done, and the records then match every value, as before there was a key.
    ///
    /// - Parameter directory: The journal's directory.
    /// - Returns: 16 bytes, or `nil`.
    package static func key(for directory: FilePath) -> [UInt8]? {
        if let key = keys.withLock({ $0[directory.string] }) { return key }
        let path = directory.appending(fileName)
        do {
            // Another process may create it between our look and our creation: then its key is read. The first write
            // of a secret to a fresh journal comes here before the journal's folder exists.
            guard let key = try read(path) ?? createInFolder(path) ?? read(path) else { return nil }
            keys.withLock { $0[directory.string] = key }
            return key
        } catch {
            let message =
                "cannot use the journal's key \(TextEscaping.escaped(path.string)): \(error); changes of secrets are "
                + "attributed without it"
            PrefsLogging.logger.error("\(message)")
            return nil
        }
    }

    /// The key the file holds; `nil` when there is no file, or one another process is still writing (shorter than
    /// 16 bytes).
    ///
    /// - Throws: `Errno` when the file exists and cannot be read.
    private static func read(_ path: FilePath) throws -> [UInt8]? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .closeOnExec])
        } catch Errno.noSuchFileOrDirectory {
            return nil
        }
        return try descriptor.closeAfter {
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = try bytes.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            return count == 16 ? bytes : nil
        }
    }

    /// Writes a new random key, making the journal's folder first when there is none; `nil` when another process
    /// created the file first.
    private static func createInFolder(_ path: FilePath) throws -> [UInt8]? {
        try FileSystem.createDirectory(path.removingLastComponent())
        return try create(path)
    }

    /// Writes a new random key; `nil` when another process created the file first.
    ///
    /// - Throws: `Errno` when the file cannot be created or written.
    private static func create(_ path: FilePath) throws -> [UInt8]? {
        var generator = SystemRandomNumberGenerator()
        let key = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerRead, .ownerWrite])
        } catch Errno.fileExists {
            return nil
        }
        try descriptor.closeAfter { _ = try key.withUnsafeBytes { try descriptor.writeAll($0) } }
        return key
    }

    /// The digest of a secret value a record keeps: `secret:` and two hexadecimal digits.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for none.
    ///   - key: The journal's key.
    /// - Returns: The digest.
    package static func digest(_ value: PropertyListValue?, key: [UInt8]) -> String {
        let hash = JournalLineWriter.hash(value, seededWith: key)
        let byte = UInt8(truncatingIfNeeded: hash ^ (hash >> 8) ^ (hash >> 16) ^ (hash >> 24) ^ (hash >> 32))
        return JournalRecord.secretMarker + ":" + String(byte, radix: 16)
    }
}
