/// The keys of a suite an administrator has fixed, and the files that say so.
///
/// A lock file holds one key per line; `#` at the start of a line or after white space starts a comment, blank lines
/// are ignored, and a line `*` locks the whole suite. The file store reads `<suite>.locks` in each folder of
/// `$XDG_CONFIG_DIRS`; GSettings maps dconf's locks onto the same model.
public struct SuiteLocks: Sendable, Hashable {
    /// Each locked key, with the file that locks it (the first file that names it).
    public private(set) var keys: [String: String] = [:]
    /// The file that locks every key of the suite, if one does.
    public private(set) var wholeSuite: String?

    /// The most a lock file may hold: 1 MiB, far more than any list of keys needs.
    public static let maximumSize = 1 << 20

    /// No locks.
    public init() {}

    /// The file that locks a key, or `nil` when it is not locked.
    ///
    /// - Parameter key: The key.
    /// - Returns: The lock file's name for people, such as its path.
    public func lock(forKey key: String) -> String? {
        wholeSuite ?? keys[key]
    }

    /// Whether nothing is locked.
    public var isEmpty: Bool { keys.isEmpty && wholeSuite == nil }

    /// Adds the locks of one lock file; locks already known keep their file.
    ///
    /// - Parameters:
    ///   - text: The file's bytes.
    ///   - source: The file, for people and errors.
    /// - Throws: ``SuiteLocksError`` when the file is larger than ``maximumSize`` or is not UTF-8; nothing is added then.
    public mutating func add(lockFile text: [UInt8], source: String) throws(SuiteLocksError) {
        guard text.count <= Self.maximumSize else {
            throw SuiteLocksError(source: source, reason: "it is larger than \(Self.maximumSize / 1024) KiB")
        }
        // A byte-order mark, as some editors save UTF-8, is no part of the first key's name.
        let text = text.starts(with: [0xEF, 0xBB, 0xBF]) ? text.dropFirst(3) : text[...]
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw SuiteLocksError(source: source, reason: "it is not UTF-8 text")
        }
        var found: [String] = []
        for line in decoded.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let key = Self.uncommented(line).trimmingWhitespace
            if !key.isEmpty { found.append(String(key)) }
        }
        if found.contains("*"), wholeSuite == nil { wholeSuite = source }
        for key in found where key != "*" && keys[key] == nil { keys[key] = source }
    }

    /// Locks one key, unless a lock already names it: how a store whose locks are not files (dconf) adds them.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - source: What locks it, for people.
    public mutating func lock(_ key: String, by source: String) {
        if keys[key] == nil { keys[key] = source }
    }

    /// Locks every key, for a lock file that exists but cannot be read: a damaged file must never unlock what an
    /// administrator fixed.
    ///
    /// - Parameter source: The file, for people.
    public mutating func lockWholeSuite(by source: String) {
        if wholeSuite == nil { wholeSuite = source }
    }

    /// A line without its comment: from a `#` at its start or after white space.
    private static func uncommented(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line
    }
}

extension PersistentKeyValueStoreError {
    /// The refusal of a write to a locked key, as every store and tool words it.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: Its suite.
    ///   - lock: What locks it: the lock file, or a store's own words.
    /// - Returns: The error, ``Reason/locked``.
    public static func locked(key: String, suite: String, by lock: String) -> PersistentKeyValueStoreError {
        PersistentKeyValueStoreError(
            .locked,
            message: "key \(TextEscaping.quoted(key, limit: 80)) of suite \(TextEscaping.quoted(suite, limit: 80)) is "
                + "locked by \(TextEscaping.escaped(lock)); nothing was written")
    }
}

/// Why a lock file cannot be read.
public struct SuiteLocksError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public let source: String
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - source: The file.
    ///   - reason: What is wrong, for the end of one line.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "cannot read the lock file \(TextEscaping.escaped(source)): \(reason)" }
}

extension Substring {
    /// The text without white space at either end.
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
