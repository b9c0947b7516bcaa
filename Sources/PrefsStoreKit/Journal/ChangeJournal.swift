package import PrefsCore
import PrefsSystem
import Synchronization
package import SystemPackage

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
/// The bounded history of writes to the suites of one configuration directory: one JSON-lines file per suite.
///
/// Writers append under the suite's exclusive lock, just before swapping the new property list into place, so a
/// watcher woken by the swap finds who made it; those records are marked staged, and count as history only once the
/// commit line the writer appends after its swap follows them. A writer killed before its swap leaves records that
/// never count; one killed between its swap and its commit line has the line added by the next writer that finds the
/// file holding what the records say (``commitPendingWrite(of:holding:)``).
///
/// When a file grows past ``maximumBytes`` it is cut to its newer half, keeping at least the newest record of every
/// key. A suite with so many keys that their newest records alone pass half that size is compacted again only once
/// its journal has doubled: the compacted file starts with a line giving its size, so that every writer, in any
/// process, knows it without re-reading the records.
///
/// A journal outlives the processes that write it, so each step assumes the last writer may have died mid-way: an
/// append starts on a line of its own when the file does not end with a newline (a line torn by a kill or a full disk
/// is then skipped alone, not glued to the next record), and compaction's temporary files left by killed writers are
/// removed.
package struct ChangeJournal: Sendable {
    /// The size past which a suite's journal is compacted.
    package static let maximumBytes = 512 * 1024
    /// How much of the end of a journal is read to attribute a change to its writer.
    package static let attributionWindow = 32 * 1024

    package let directory: FilePath
    /// The keys whose values are never written here; `nil` records every value.
    package var secrets: JournalSecrets?
    package let descriptors = JournalDescriptors()
    private let sweep = LeftoverSweep()

    /// A journal in a folder, created at the first write, recording every value until ``secrets`` says otherwise.
    package init(directory: FilePath) {
        self.directory = directory
    }

    package func path(for suite: SuiteName) -> FilePath {
        directory.appending("\(suite.rawValue).jsonl")
    }

    /// Appends records; the caller holds the suite's exclusive lock.
    ///
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the journal cannot be written.
    package func append(_ records: [JournalRecord], to suite: SuiteName) throws(FileStoreError) {
        guard !records.isEmpty else { return }
        if sweep.isDue() { removeLeftovers() }
        let path = path(for: suite)
        var lines = Data()
        let secret = secrets?.hidden(in: suite.rawValue) ?? .keys([])
        let digestKey = secret.isEmpty ? nil : JournalDigestKey.key(for: directory)
        for record in records {
            let kept = secret.contains(record.key) ? record.redacted(keyedBy: digestKey) : record
            guard let line = JournalLineWriter.line(kept) else {
                continue
            }
            lines.append(contentsOf: line)
            lines.append(0x0A)
        }
        do {
            let size: Int64?
            do {
                size = try append(lines, to: path)
            } catch Errno.noSuchFileOrDirectory {
                // Only the first write finds no directory: checking for it first cost every write a system call.
                try FileSystem.createDirectory(directory)
                size = try append(lines, to: path)
            }
            if let size, size > Self.maximumBytes, size > 2 * compactedSize(path) { try compact(path, suite: suite) }
        } catch {
            throw FileStoreError.io(path: path.string, operation: "append to the journal", reason: "\(error)")
        }
    }

    /// Appends the line that makes a staged write's records count; the caller holds the suite's exclusive lock and
    /// has just swapped the write into place.
    ///
    /// - Parameters:
    ///   - write: The write's identifier.
    ///   - count: How many records it staged.
    ///   - suite: The suite.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the journal cannot be written.
    package func commit(write: String, count: Int, to suite: SuiteName) throws(FileStoreError) {
        let path = path(for: suite)
        var line = Data(JournalLineWriter.commitLine(write: write, count: count))
        line.append(0x0A)
        do {
            _ = try append(line, to: path)
        } catch {
            throw FileStoreError.io(path: path.string, operation: "append to the journal", reason: "\(error)")
        }
    }

    /// Commits the write whose staged records end the journal when the suite file holds what they say.
    ///
    /// Its writer was killed between its swap and its commit line. The caller holds the suite's exclusive lock, so no
    /// write is in progress. Records of a write that did not take effect are left as they are, counting for nothing.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - value: What the suite file holds for a key now.
    package func commitPendingWrite(of suite: SuiteName, holding value: (String) -> PropertyListValue?) {
        // Every write runs this: after a write that finished, the journal's last line is its commit line, which the
        // last few hundred bytes show without decoding anything.
        if let (end, _) = tail(of: suite, bytes: 256), Self.endsWithCommitLine(end) { return }
        var pending: [JournalRecord] = []
        var whole = false
        for window in [4096, Self.readingWindow] {
            guard let (data, isWholeFile) = tail(of: suite, bytes: window) else { return }
            pending = []
            var ended = false
            for line in Self.linesNewestFirst(data) {
                let bytes = data[line]
                if JournalLineReader.commit(bytes) != nil {
                    // The newest line commits a write: nothing is pending. Further back, it ends the pending write.
                    if pending.isEmpty { return }
                    ended = true
                    break
                }
                guard let record = JournalLineReader.record(bytes) else { continue }
                guard record.staged == true, let write = record.write, pending.first.map({ $0.write == write }) ?? true
                else {
                    ended = true
                    break
                }
                pending.append(record)
            }
            whole = ended || isWholeFile
            if whole { break }
        }
        // Only a write read whole can be committed with its size.
        let digestKey = pending.contains(where: \.isRedacted) ? JournalDigestKey.key(for: directory) : nil
        guard whole, let write = pending.first?.write,
            pending.allSatisfy({ $0.explains(value($0.key), key: digestKey) })
        else {
            return
        }
        try? commit(write: write, count: pending.count, to: suite)
    }

    /// Whether the last line of `data`, the end of a journal, is a commit line.
    package static func endsWithCommitLine(_ data: Data) -> Bool {
        guard data.last == 0x0A else { return false }
        let body = data.dropLast()
        let start = body.lastIndex(of: 0x0A).map { body.index(after: $0) } ?? body.startIndex
        return body[start...].starts(with: JournalLineReader.commitPrefix.utf8)
    }

    /// What the journal's last compaction left, from its first line; 0 when it holds no such line.
    ///
    /// Read only when a journal is past ``maximumBytes``: without it, a journal whose newest records alone pass that
    /// size was compacted again at every write, re-reading every record (43 ms a write at 10,000 keys).
    private func compactedSize(_ path: FilePath) -> Int64 {
        (try? descriptors.withDescriptor(path, creating: false) { descriptor -> Int64? in
            var head = [UInt8](repeating: 0, count: 40)
            let count = try head.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: 0, into: $0) }
            return Self.compactedSize(inFirstLineOf: head.prefix(count))
        }) ?? 0
    }

    /// The size a `{"compacted":N}` line at the start of `head` gives, or 0.
    package static func compactedSize(inFirstLineOf head: some Collection<UInt8>) -> Int64 {
        let marker = Array(Self.compactedMarker.utf8)
        guard head.starts(with: marker) else { return 0 }
        let digits = head.dropFirst(marker.count).prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, digits.count <= 15, head.dropFirst(marker.count + digits.count).first == 0x7D else {
            return 0
        }
        return digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    /// How a compacted journal's first line starts; the line is not a record, so readers skip it.
    package static let compactedMarker = #"{"compacted":"#

    /// Appends lines, again to a fresh descriptor when the cached one's file was replaced meanwhile.
    ///
    /// - Returns: The journal's size after the append.
    private func append(_ lines: Data, to path: FilePath) throws -> Int64? {
        try descriptors.withDescriptor(path, creating: true) { descriptor in
            let status = try descriptor.stat()
            // A journal another process compacted away: the lines go to the new one.
            guard status.linkCount > 0 else { return nil }
            var lines = lines
            if status.size > 0 {
                var last: UInt8 = 0x0A
                _ = try withUnsafeMutableBytes(of: &last) {
                    try descriptor.read(fromAbsoluteOffset: status.size - 1, into: $0)
                }
                // The end of a line torn by a kill or a full disk: these records start on a line of their own.
                if last != 0x0A { lines.insert(0x0A, at: lines.startIndex) }
            }
            _ = try descriptor.writeAll(lines)
            return status.size + Int64(lines.count)
        }
    }

    /// How much of a journal is ever read: a journal keeps the newest record of every key, so a suite at its largest
    /// (64 MiB) fits, and a file another program grew without limit is read only so far.
    package static let readingWindow = 128 * 1024 * 1024

    /// The records of a suite that can be read, oldest first; lines that do not decode, and staged records whose write
    /// has no commit line, are skipped.
    ///
    /// Without a limit the whole journal is read, since an undo needs every record of the write it reverts and of the
    /// writes an undo or a redo names; a journal within its bounds is a few hundred kilobytes.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: Only this key's records; every key's when `nil`.
    ///   - limit: At most this many, the newest: lines are decoded from the end and only until enough are found, so
    ///     that asking for the last few of a journal of 100,000 records decodes a few.
    /// - Returns: The records, oldest first, each carrying its write's size when a commit line committed it.
    package func records(of suite: SuiteName, key: String? = nil, limit: Int? = nil) -> [JournalRecord] {
        // With a limit, the end of the file is read in a window that widens only while too few records are found, so
        // that a few records cost a few kilobytes, not the whole file.
        let windows =
            limit == nil ? [Self.readingWindow] : [64 * 1024, 512 * 1024, 4 * 1024 * 1024, Self.readingWindow]
        var found: [JournalRecord] = []
        for window in windows {
            guard let (data, isWholeFile) = tail(of: suite, bytes: window) else { return [] }
            found = []
            var committed: [String: Int] = [:]
            for line in Self.linesNewestFirst(data) {
                if let limit, found.count >= limit { break }
                // A commit line follows its write's records, so reading newest first meets it before them.
                if let commit = JournalLineReader.commit(data[line]) {
                    committed[commit.write] = commit.count
                    continue
                }
                guard var record = JournalLineReader.record(data[line]) else { continue }
                if record.staged == true {
                    guard let write = record.write, let size = committed[write] else { continue }
                    record.writeSize = size
                }
                if let key, !ExactKey.same(record.key, key) { continue }
                found.append(record)
            }
            if isWholeFile || found.count >= (limit ?? Int.max) { break }
        }
        return found.reversed()
    }

    /// The newest record of each of some keys, read from the end of the journal and only until every key is found.
    ///
    /// The end of the journal is read in a small window first, widened only when a key is not found in it, and a line
    /// is decoded only when a byte search says it names one of the keys.
    package func newestRecords(of suite: SuiteName, forKeys keys: Set<String>) -> [String: JournalRecord] {
        let needles = keys.map { JournalLineWriter.keyNeedle($0) }
        var found: [String: JournalRecord] = [:]
        // A write's records and its commit line are a few hundred bytes: the last kilobyte mostly holds them, and
        // reading and scanning four took a watcher about 5 µs more on its way to the observers.
        for window in [1024, 4096, Self.attributionWindow] {
            found = [:]
            guard let (data, isWholeFile) = tail(of: suite, bytes: window) else { return [:] }
            for line in Self.linesNewestFirst(data) where found.count < keys.count {
                let bytes = data[line]
                guard needles.contains(where: { Self.contains(bytes, $0) }),
                    let record = JournalLineReader.record(bytes),
                    keys.contains(record.key), found[record.key] == nil
                else { continue }
                found[record.key] = record
            }
            if found.count == keys.count || isWholeFile { break }
        }
        return found
    }

    /// The newest records of a suite, newest first.
    package func recentRecords(of suite: SuiteName) -> [JournalRecord] {
        guard let (data, _) = tail(of: suite, bytes: Self.attributionWindow) else { return [] }
        return Self.linesNewestFirst(data).compactMap { JournalLineReader.record(data[$0]) }
    }

    /// The last `bytes` bytes of a suite's journal, and whether that is the whole file.
    private func tail(of suite: SuiteName, bytes: Int) -> (Data, Bool)? {
        try? descriptors.withDescriptor(path(for: suite), creating: false) { descriptor in
            let status = try descriptor.stat()
            guard status.linkCount > 0 else { return nil }
            let start = max(0, status.size - Int64(bytes))
            var buffer = [UInt8](repeating: 0, count: Int(status.size - start))
            var filled = 0
            while filled < buffer.count {
                let count = try buffer.withUnsafeMutableBytes { raw in
                    try descriptor.read(
                        fromAbsoluteOffset: start + Int64(filled),
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                }
                guard count > 0 else { break }
                filled += count
            }
            return (Data(buffer[..<filled]), start == 0)
        }
    }

    /// Whether `needle` occurs in `haystack` (``Memory/firstOffset(of:in:)``).
    private static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in Memory.firstOffset(of: needle, in: haystack) != nil }
        }
    }

    /// The byte ranges of the lines in `data`, newest (last) first.
    ///
    /// A window that starts mid-line yields a partial first line, which fails to decode and is skipped.
    private static func linesNewestFirst(_ data: Data) -> [Range<Int>] {
        data.withUnsafeBytes { bytes in
            var lines: [Range<Int>] = []
            var end = bytes.count
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == 0x0A {
                    if index + 1 < end { lines.append((index + 1)..<end) }
                    end = index
                }
            }
            if end > 0 { lines.append(0..<end) }
            return lines
        }
    }

    /// Rewrites a journal keeping its newer half, and the newest record of every key that only the older half held,
    /// through a temporary file renamed into place.
    ///
    /// Lines that are not records (torn, foreign) and lines longer than any record written are dropped, so that one
    /// huge line cannot keep the journal over its size, nor, by counting as half the lines, push out everything else.
    private func compact(_ path: FilePath, suite: SuiteName) throws {
        // The whole journal: reading only its last 4 MiB, as compaction once did, dropped the older part of a write
        // larger than that, and an undo then reverted the part that was left.
        guard let (data, _) = tail(of: suite, bytes: Self.readingWindow) else { return }
        var kept: [Range<Int>] = []
        var keys = Set<ExactKey>()
        var size = 0
        // A write's commit line is kept when one of its records is: it comes after them, so it is met first.
        var commits: [String: Range<Int>] = [:]
        for line in Self.linesNewestFirst(data) where line.count <= JournalLineWriter.maximumLineBytes {
            if let commit = JournalLineReader.commit(data[line]) {
                commits[commit.write] = line
                continue
            }
            guard let record = JournalLineReader.record(data[line]) else { continue }
            let firstOfItsKey = keys.insert(ExactKey(record.key)).inserted
            if size + line.count + 1 <= Self.maximumBytes / 2 || firstOfItsKey {
                kept.append(line)
                size += line.count + 1
                if let write = record.write, let commit = commits.removeValue(forKey: write) {
                    kept.append(commit)
                    size += commit.count + 1
                }
            }
        }
        kept.sort { $0.lowerBound > $1.lowerBound }
        var compacted = Data(capacity: size + 32)
        compacted.append(contentsOf: "\(Self.compactedMarker)\(size)}\n".utf8)
        for line in kept.reversed() {
            compacted.append(data[line])
            compacted.append(0x0A)
        }
        // Hidden and short, so that it fits whatever the suite's name.
        let temporary = directory.appending(
            "\(Self.leftoverPrefix)\(Processes.currentID)-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = try FileDescriptor.open(
            temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
            permissions: [.ownerReadWrite])
        do {
            try descriptor.closeAfter { _ = try descriptor.writeAll(compacted) }
            try Syscall.rename(temporary, path)
        } catch {
            try? Syscall.unlink(temporary)
            throw error
        }
        descriptors.forget(path)
    }

    /// How compaction names its temporary files: the writer's pid follows, so that a leftover can be told apart.
    package static let leftoverPrefix = ".prefs-journal-"

    /// Removes compaction's temporary files whose writer is no longer running: a writer killed between creating one
    /// and renaming it left it behind.
    package func removeLeftovers() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.string) else { return }
        for entry in entries where entry.hasPrefix(Self.leftoverPrefix) && entry.hasSuffix(".tmp") {
            let pidText = entry.dropFirst(Self.leftoverPrefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText), !Syscall.processExists(pid) else { continue }
            try? Syscall.unlink(directory.appending(entry))
        }
    }
}

/// Whether this store has looked for leftovers yet: once per store, at its first append.
private final class LeftoverSweep: Sendable {
    private let done = Mutex(false)

    package func isDue() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
