import Logging
import PrefsCore
import PrefsFileStore
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index of the `.kcfg` files (which file describes which suite), kept between runs in
/// `$XDG_CACHE_HOME/prefs/kcfg-index`, so that a one-key `read` need not open every schema a Plasma machine installs.
///
/// It is used only while every folder it indexed is what it was (device, inode, size and modification time): a
/// package that installs, replaces or removes a `.kcfg` renames it into its folder, which changes the folder's time.
/// A file edited in place, which no package does, is seen once its folder changes, or the cache file is removed.
/// A cache that is unreadable, damaged, cut short or larger than ``maximumSize`` is ignored and written anew; one that
/// cannot be written costs the next run the full scan, nothing else.
struct KcfgIndexCache {
    /// The most a cache file may hold; an index of thousands of schemas is a few hundred KiB.
    static let maximumSize = 1 << 20
    private static let header = "prefs kcfg index 1"

    /// The cache file.
    let file: FilePath

    /// The cache of an environment: `$XDG_CACHE_HOME/prefs/kcfg-index`, else `~/.cache/prefs/kcfg-index`.
    init(environment: [String: String]) {
        let cacheHome =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? "/") + "/.cache")
        file = FilePath(cacheHome).appending("prefs").appending("kcfg-index")
    }

    /// The index, when the cache holds one of exactly these folders as they are now.
    ///
    /// - Parameter folders: The folders searched, in order.
    /// - Returns: The files, or `nil` when the cache is missing, stale or damaged.
    func load(folders: [String]) -> [KcfgCatalog.IndexedFile]? {
        // Read to its size, not into a buffer of the largest: zeroing a mebibyte cost a read 0.5 ms.
        guard let bytes = (try? KConfigDisk.read(file, limit: Self.maximumSize)) ?? nil else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expected = [Self.header] + folders.map { "D\t" + Self.identity(of: $0) }
        guard lines.count >= expected.count + 2, lines.last == "", lines[lines.count - 2] == "end",
            zip(lines, expected).allSatisfy({ $0 == $1 })
        else { return nil }
        var files: [KcfgCatalog.IndexedFile] = []
        for line in lines[expected.count..<(lines.count - 2)] {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == "F" else { return nil }
            files.append(
                KcfgCatalog.IndexedFile(path: String(fields[1]), suite: fields[2].isEmpty ? nil : String(fields[2])))
        }
        return files
    }

    /// Keeps an index for the next run; a name holding a tab or a line feed is not kept at all.
    ///
    /// - Parameters:
    ///   - files: The index.
    ///   - folders: The folders it indexes, in order, as they were before it was made.
    ///   - identities: Their identities then (``identity(of:)``), so that a folder changed during the scan is
    ///     indexed again next time.
    func save(_ files: [KcfgCatalog.IndexedFile], folders: [String], identities: [String]) {
        let plain = { (text: String) in !text.contains("\t") && !text.contains("\n") }
        guard files.allSatisfy({ plain($0.path) && plain($0.suite ?? "") }), folders.allSatisfy(plain) else { return }
        var text = Self.header + "\n"
        for identity in identities { text += "D\t\(identity)\n" }
        for file in files { text += "F\t\(file.path)\t\(file.suite ?? "")\n" }
        text += "end\n"
        guard text.utf8.count <= Self.maximumSize else { return }
        do {
            try FileSystem.createDirectory(file.removingLastComponent())
            try KConfigDisk.replace(file, with: Array(text.utf8))
        } catch {
            PrefsLogging.logger.debug("\(TextEscaping.escaped("the .kcfg index was not kept: \(error)"))")
        }
    }

    /// A folder's path and what tells a change of it: device, inode, size and modification time; `-` when absent.
    static func identity(of folder: String) -> String {
        guard let status = try? Stat(FilePath(folder)) else { return "\(folder)\t-" }
        return "\(folder)\t\(status.deviceID.rawValue)\t\(status.inode.rawValue)\t\(status.size)\t"
            + "\(status.st_mtim.tv_sec)\t\(status.st_mtim.tv_nsec)"
    }
}
