import CPrefsSystem
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries with their kinds, as the folder itself records them: a listing that stats each entry to tell a
/// file from a folder cost the editor's first frame a stat for each of a config folder's hundreds of files.
package struct DirectoryEntry: Sendable, Equatable {
    /// What an entry is, as the folder says; a link is followed only when asked.
    package enum Kind: Sendable, Equatable {
        case regular
        case directory
        case symbolicLink
        case other
    }

    package let name: String
    package let kind: Kind

    /// Whether the entry leads to a kind, a link followed to what it names (a link to nothing leads nowhere).
    ///
    /// - Parameters:
    ///   - kind: `.regular` or `.directory`.
    ///   - folder: The folder listed.
    /// - Returns: Whether it does.
    package func leads(to kind: Kind, in folder: FilePath) -> Bool {
        guard self.kind == .symbolicLink else { return self.kind == kind }
        // A link that cannot be followed leads nowhere.
        switch (try? Stat(folder.appending(name)))?.type {
        case .regular?: return kind == .regular
        case .directory?: return kind == .directory
        default: return false
        }
    }

    /// Every entry of a folder but `.` and `..`, unsorted.
    ///
    /// The corresponding C functions are `opendir`, `readdir` and `closedir`; an entry whose kind the file system
    /// does not record (`DT_UNKNOWN`) is looked at with `lstat`.
    ///
    /// - Parameter folder: The folder.
    /// - Returns: Its entries.
    /// - Throws: `Errno` when it cannot be opened (`noSuchFileOrDirectory` when it does not exist).
    package static func list(_ folder: FilePath) throws(Errno) -> [DirectoryEntry] {
        if let fault = SyscallFaults.shared.error(for: "opendir", path: folder) { throw fault }
        guard let stream = folder.withPlatformString({ opendir($0) }) else { throw Errno(rawValue: errno) }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(DirectoryEntry(name: name, kind: kind(entry.pointee.d_type, name: name, in: folder)))
        }
        return entries
    }

    private static func kind(_ type: UInt8, name: String, in folder: FilePath) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            // An entry gone since it was read is nothing to list.
            switch (try? Stat(folder.appending(name), followTargetSymlink: false))?.type {
            case .regular?: return .regular
            case .directory?: return .directory
            case .symbolicLink?: return .symbolicLink
            default: return .other
            }
        default: return .other
        }
    }
}
