import Logging
import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

/// The index of the `.kcfg` files (which file describes which suite), kept between runs in
/// `$XDG_CACHE_HOME/prefs/kcfg-index`, so that a one-key `read` need not open every schema a Plasma machine installs.
///
/// It is used only while every folder it indexed, and every file in it, is what it was (device, inode, size,
/// modification and change times): a package that installs or removes a `.kcfg` changes its folder, and a file
/// rewritten in place (an editor, `cp` over it, an update that keeps the folder's time) changes the file. Trusting the
/// folder alone let a rewritten `.kcfg` that newly declares a `Password` entry go unread, and its value shown; one
/// `stat` per indexed file (about 150 on a Plasma machine) is the price of never trusting a stale schema.
/// A cache that is unreadable, damaged, cut short or larger than ``maximumSize`` is ignored and written anew; one that
/// cannot be written costs the next run the full scan, nothing else.
struct KcfgIndexCache {
    /// The most a cache file may hold; an index of thousands of schemas is a few hundred KiB.
    static let maximumSize = 1 << 20
    private static let header = "prefs kcfg index 2"

    /// The cache file.
    let file: FilePath

    /// The cache of an environment: `$XDG_CACHE_HOME/prefs/kcfg-index`, else `~/.cache/prefs/kcfg-index`.
    init(environment: [String: String]) {
        let cacheHome =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? "/") + "/.cache")
        file = FilePath(cacheHome).appending("prefs").appending("kcfg-index")
    }

    /// The index, when the cache holds one of exactly these folders and files as they are now.
    ///
    /// - Parameter folders: The folders searched, in order.
    /// - Returns: The files, or `nil` when the cache is missing, stale (a folder or a file changed) or damaged.
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
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "F" else { return nil }
            let path = String(fields[1])
            let identity = String(fields[3])
            guard Self.fileIdentity(of: path) == identity else { return nil }
            files.append(
                KcfgCatalog.IndexedFile(
                    path: path, suite: fields[2].isEmpty ? nil : String(fields[2]), identity: identity))
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
        for file in files { text += "F\t\(file.path)\t\(file.suite ?? "")\t\(file.identity)\n" }
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
        "\(folder)\t" + fileIdentity(of: folder)
    }

    /// What tells a change of a file or folder: device, inode, size, modification and change times; `-` when it
    /// cannot be examined (absent, or unreadable, which no longer holds the schema indexed).
    ///
    /// The change time is kept because a file's modification time can be set back (`touch -r`, `cp -p`), its change
    /// time cannot.
    static func fileIdentity(of path: String) -> String {
        guard let status = try? Stat(FilePath(path)) else { return "-" }
        let times = [status.modified, status.statusChanged].map { "\($0.seconds)\t\($0.nanoseconds)" }
        return "\(status.deviceID.rawValue)\t\(status.inode.rawValue)\t\(status.size)\t" + times.joined(separator: "\t")
    }
}
