import PrefsCore
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
/// A file only this user may read, in a folder only this user may write: where the editor keeps pending changes,
/// which may be secrets.
///
/// The file is created with mode 0600, so that no other user can open it between its creation and a `chmod`, and is
/// renamed into place whole. The folder must be this user's: one another user could write lets them replace the
/// file, or read a name they planted as a link.
public enum PrivateFile {
    /// Writes bytes to a file readable by this user alone, creating its folder (mode 0700) when missing.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - file: The file; a file there is replaced.
    /// - Throws: ``ToolError`` naming the folder when another user owns it, or the system's reason when the file
    ///   cannot be written; the file as it was is left then.
    public static func write(_ data: Data, to file: URL) throws {
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try checkOwn(FilePath(directory.path))
        do {
            try AtomicFile.write(data, to: FilePath(file.path))
        } catch {
            throw ToolError(
                "cannot write \(TextEscaping.quoted(file.path)): \(SystemErrorText.reason(error))", code: .io)
        }
    }

    /// Creates a new file readable by this user alone, holding bytes; a name that is taken, by a file, a folder or a
    /// link (even one that leads nowhere, which a write would follow or replace), is refused.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - file: The new file.
    /// - Throws: ``ToolError`` when the name is taken or the file cannot be written; a file partly written is removed.
    public static func create(_ data: Data, at file: URL) throws {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(file.path), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerRead, .ownerWrite])
        } catch .fileExists {
            throw ToolError(
                "\(TextEscaping.quoted(file.path)) exists; nothing was written (give a new file)", code: .refused)
        } catch {
            throw ToolError(
                "cannot write \(TextEscaping.quoted(file.path)): \(SystemErrorText.reason(error))", code: .io)
        }
        do {
            try descriptor.closeAfter { _ = try data.withUnsafeBytes { try descriptor.writeAll($0) } }
        } catch {
            try? Syscall.unlink(FilePath(file.path))
            throw ToolError(
                "cannot write \(TextEscaping.quoted(file.path)): \(SystemErrorText.reason(error))", code: .io)
        }
    }

    /// Makes a folder this user owns writable by this user alone, and refuses one another user owns.
    private static func checkOwn(_ directory: FilePath) throws {
        let status: Stat
        do {
            status = try Stat(directory, followTargetSymlink: false)
        } catch {
            throw ToolError("cannot use \(TextEscaping.quoted(directory.string)): \(ErrorText.of(error.rawValue))")
        }
        guard status.type == .directory, status.userID.rawValue == Syscall.effectiveUserID() else {
            throw ToolError(
                "refusing to keep private files in \(TextEscaping.quoted(directory.string)): it is not a folder of "
                    + "yours", code: .unsafe)
        }
        if !status.permissions.isDisjoint(with: [.groupReadWriteExecute, .otherReadWriteExecute]) {
            // A folder others can read is no place for private files: one that cannot be closed to them is refused.
            do {
                try Paths.setPermissions(directory, [.ownerReadWriteExecute])
            } catch {
                throw ToolError(
                    "cannot make \(TextEscaping.quoted(directory.string)) private: \(ErrorText.of(error.rawValue))",
                    code: .unsafe)
            }
        }
    }
}
