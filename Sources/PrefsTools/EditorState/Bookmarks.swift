import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Keys the user bookmarked with `b`, kept across runs in a small JSON file of the user's state directory.
///
/// The file holds the bookmarks of every store the editor opened, by the store's location, so that two
/// configuration directories never share them. It is the editor's own file: read with a size limit, written whole
/// with mode 0600 and an atomic rename, and never a suite.
public final class Bookmarks {
    /// The file, or `nil` to keep bookmarks for this run only.
    public let file: URL?
    /// The store whose bookmarks these are.
    public let location: String
    /// The bookmarks, in the order they were made.
    public private(set) var entries: [KeyOfSuite] = []
    /// Why the file could not be read or written, when it could not.
    public private(set) var problem: String?

    /// The largest file read.
    static let maximumSize = 1024 * 1024

    /// Loads the bookmarks of a store.
    ///
    /// - Parameters:
    ///   - file: The file; `nil` for bookmarks that last one run.
    ///   - location: The store's location, as its `locationDescription` says it.
    public init(file: URL?, location: String) {
        self.file = file
        self.location = location
        guard let file, let data = try? Data(contentsOf: file) else { return }
        guard data.count <= Self.maximumSize,
            let all = try? JSONDecoder().decode([String: [[String]]].self, from: data)
        else {
            problem = "bookmarks file \(file.path) is unreadable; it is replaced at the next bookmark"
            return
        }
        entries = (all[location] ?? []).compactMap { pair in
            pair.count == 2 ? KeyOfSuite(suite: pair[0], key: pair[1]) : nil
        }
    }

    /// Whether a key is bookmarked.
    public func contains(suite: String, key: String) -> Bool {
        entries.contains(KeyOfSuite(suite: suite, key: key))
    }

    /// Adds a bookmark, or removes it, and saves.
    ///
    /// - Returns: Whether the key is bookmarked now.
    @discardableResult
    public func toggle(suite: String, key: String) -> Bool {
        let entry = KeyOfSuite(suite: suite, key: key)
        let added = !entries.contains(entry)
        if added { entries.append(entry) } else { entries.removeAll { $0 == entry } }
        save()
        return added
    }

    /// Writes every store's bookmarks back, this one's updated.
    private func save() {
        guard let file else { return }
        var all: [String: [[String]]] = [:]
        if let data = try? Data(contentsOf: file), data.count <= Self.maximumSize {
            all = (try? JSONDecoder().decode([String: [[String]]].self, from: data)) ?? [:]
        }
        all[location] = entries.map { [$0.suite, $0.key] }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            // Replaced in one step, so that a reader sees the old bookmarks or the new ones.
            try AtomicFile.write(try encoder.encode(all), to: FilePath(file.path))
            problem = nil
        } catch {
            problem = "cannot save bookmarks to \(file.path): \(SystemErrorText.reason(error))"
        }
    }
}
