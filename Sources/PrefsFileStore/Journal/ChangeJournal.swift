import Foundation
import PrefsKit
import SystemPackage

/// The bounded history of writes to the suites of one configuration directory: one JSON-lines file per suite.
///
/// Writers append under the suite's exclusive lock, right after renaming the new property list into place, so a
/// watcher holding the shared lock sees a file and a journal that agree. When a file grows past ``maximumBytes`` it is
/// cut to its newer half.
struct ChangeJournal: Sendable {
    /// The size past which a suite's journal is compacted.
    static let maximumBytes = 512 * 1024
    /// How much of the end of a journal is read to attribute a change to its writer.
    static let attributionWindow = 32 * 1024

    let directory: FilePath

    func path(for suite: SuiteName) -> FilePath {
        directory.appending("\(suite.rawValue).jsonl")
    }

    /// Appends records; the caller holds the suite's exclusive lock.
    ///
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the journal cannot be written.
    func append(_ records: [JournalRecord], to suite: SuiteName) throws(FileStoreError) {
        guard !records.isEmpty else { return }
        let path = path(for: suite)
        var lines = Data()
        for record in records {
            guard let line = try? Self.encoder.encode(record) else { continue }
            lines.append(line)
            lines.append(0x0A)
        }
        do {
            try FileSystem.createDirectory(directory)
            let descriptor = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .append, .noFollow, .closeOnExec], permissions: [.ownerReadWrite])
            let size = try descriptor.closeAfter {
                _ = try descriptor.writeAll(lines)
                return try descriptor.stat().size
            }
            if size > Self.maximumBytes { try compact(path) }
        } catch {
            throw FileStoreError.io(path: path.string, operation: "append to the journal", reason: "\(error)")
        }
    }

    /// Every record of a suite that can be read, oldest first; lines that do not decode are skipped.
    func records(of suite: SuiteName) -> [JournalRecord] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path(for: suite).string)) else { return [] }
        return Self.decode(data[...])
    }

    /// The newest records of a suite, oldest first, read from the end of its journal only.
    func recentRecords(of suite: SuiteName) -> [JournalRecord] {
        guard let handle = FileHandle(forReadingAtPath: path(for: suite).string) else { return [] }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return [] }
        let start = end > UInt64(Self.attributionWindow) ? end - UInt64(Self.attributionWindow) : 0
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else { return [] }
        // A window that starts mid-line has a partial first line, which the decoder skips.
        return Self.decode(data[...])
    }

    /// Rewrites a journal keeping its newer half, through a temporary file renamed into place.
    private func compact(_ path: FilePath) throws {
        let url = URL(fileURLWithPath: path.string)
        let data = try Data(contentsOf: url)
        let lines = data.split(separator: 0x0A)
        let kept = lines.suffix(lines.count / 2)
        var compacted = Data()
        for line in kept {
            compacted.append(line)
            compacted.append(0x0A)
        }
        let temporary = FilePath(path.string + ".\(getpid()).tmp")
        let descriptor = try FileDescriptor.open(
            temporary, .writeOnly, options: [.create, .truncate, .noFollow, .closeOnExec],
            permissions: [.ownerReadWrite])
        try descriptor.closeAfter { _ = try descriptor.writeAll(compacted) }
        try Syscall.rename(temporary, path)
    }

    private static func decode(_ data: Data.SubSequence) -> [JournalRecord] {
        data.split(separator: 0x0A).compactMap { try? decoder.decode(JournalRecord.self, from: Data($0)) }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(PropertyListValue.date(date).text)
        }
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard case .date(let date) = try PropertyListValue(parsing: try container.decode(String.self), as: .date)
            else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date") }
            return date
        }
        return decoder
    }
}
