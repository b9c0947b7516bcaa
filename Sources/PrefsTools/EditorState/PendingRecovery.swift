import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Pending changes the editor kept in a file when it had to end without asking.
///
/// That is when the terminal closed (SIGHUP), or a second Ctrl-C or SIGTERM came while it was asking. The next `prefs tui` on the same store offers them back.
///
/// Each editor writes a file of its own, `pending-<pid>.json`, in a directory of the user's state; a file names the
/// store it was kept for, so that an editor on another store leaves it alone.
///
/// A secret's values never go to disk, not even in a file only this user reads: a change to a secret key is kept by
/// its name alone, and the next start says it must be made again (``Found/secretKeys``).
public struct PendingRecovery: Sendable {
    /// Where the files are; `nil` keeps nothing (a test, or a user without a state directory).
    public let directory: URL?
    /// The store the changes belong to, as ``/PrefsCore/SuiteStore/locationDescription`` names it.
    public let location: String

    /// The format of a file, which tells it from anything else in the directory.
    static let format = "prefs-pending/1"
    /// The largest file read back: pending changes are a person's edits, not a suite.
    static let maximumSize = 16 * 1024 * 1024

    private struct File: Codable {
        struct Change: Codable {
            let suite: String
            let key: String
            let original: PropertyListValue?
            let value: PropertyListValue?
            /// A secret's change, kept without its values.
            var secret: Bool?
        }

        var format = PendingRecovery.format
        let location: String
        let saved: Date
        let changes: [Change]
    }

    /// Pending changes found for this store, and the files they came from.
    public struct Found: Sendable {
        public let changes: [PendingChange]
        /// The secret keys whose changes were kept by name alone: to be made again.
        public let secretKeys: [KeyOfSuite]
        public let files: [URL]
        /// When the newest of them was kept.
        public let saved: Date
    }

    /// Creates a recovery for a store.
    ///
    /// - Parameters:
    ///   - directory: Where the files are; `nil` keeps nothing.
    ///   - location: The store the changes belong to.
    public init(directory: URL?, location: String) {
        self.directory = directory
        self.location = location
    }

    /// Writes pending changes to this process's file, a secret's without its values.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    ///   - isSecret: Whether a key's values are secret, under any of its names (the suite's schema says).
    /// - Returns: The file.
    /// - Throws: When there is no directory to keep them in, or the file cannot be written.
    public func save(_ changes: [PendingChange], isSecret: (KeyOfSuite) -> Bool) throws -> URL {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        let file = directory.appendingPathComponent("pending-\(ProcessInfo.processInfo.processIdentifier).json")
        let document = File(
            location: location, saved: Date(),
            changes: changes.map {
                isSecret(KeyOfSuite(suite: $0.suite, key: $0.key))
                    ? .init(suite: $0.suite, key: $0.key, original: nil, value: nil, secret: true)
                    : .init(suite: $0.suite, key: $0.key, original: $0.original, value: $0.value)
            })
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Written whole, readable by this user alone from its first byte: pending values may be secrets.
        try PrivateFile.write(try encoder.encode(document), to: file)
        return file
    }

    /// The changes kept for this store by editors that ended, merged: for a key kept twice, the newer file wins.
    ///
    /// Files that are not regular, too large, not this format, or for another store, are left alone.
    public func found() -> Found? {
        guard let directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var documents: [(URL, File)] = []
        for name in names where name.hasPrefix("pending-") && name.hasSuffix(".json") {
            let file = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                Self.size(attributes) <= Self.maximumSize,
                let data = try? Data(contentsOf: file), let document = try? decoder.decode(File.self, from: data),
                document.format == Self.format, document.location == location
            else { continue }
            documents.append((file, document))
        }
        guard !documents.isEmpty else { return nil }
        documents.sort { $0.1.saved < $1.1.saved }
        var merged: [KeyOfSuite: PendingChange] = [:]
        var secrets: Set<KeyOfSuite> = []
        for (_, document) in documents {
            for change in document.changes {
                let key = KeyOfSuite(suite: change.suite, key: change.key)
                if change.secret == true {
                    merged[key] = nil
                    secrets.insert(key)
                } else {
                    merged[key] = PendingChange(
                        suite: change.suite, key: change.key, original: change.original, value: change.value)
                    secrets.remove(key)
                }
            }
        }
        let changes = merged.values.sorted { ($0.suite, $0.key) < ($1.suite, $1.key) }
        return Found(
            changes: changes, secretKeys: secrets.sorted { ($0.suite, $0.key) < ($1.suite, $1.key) },
            files: documents.map(\.0), saved: documents.last?.1.saved ?? Date())
    }

    /// A file's size from its attributes, or `Int.max` when they give none.
    ///
    /// FoundationEssentials gives a `UInt`; only Foundation, where it is linked, bridges that to `Int` through
    /// `NSNumber`, and `prefs` links FoundationEssentials alone, where `as? Int` is always `nil`.
    static func size(_ attributes: [FileAttributeKey: Any]) -> Int {
        if let size = attributes[.size] as? UInt { return Int(clamping: size) }
        return attributes[.size] as? Int ?? .max
    }

    /// Removes files once their changes are restored or discarded.
    public func remove(_ files: [URL]) {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }
}
