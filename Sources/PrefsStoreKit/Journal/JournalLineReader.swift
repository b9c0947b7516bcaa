import PrefsCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Reads one journal line back into a ``JournalRecord``.
///
/// It parses with PrefsKit's `JSONValue` rather than `JSONSerialization` or `JSONDecoder`: a watcher decodes a record for
/// every change it attributes, on the way from the event to the observers.
package enum JournalLineReader {
    /// The record a line holds, or `nil` when the line is not a record (a torn or foreign line is skipped, not fatal).
    package static func record(_ line: Data) -> JournalRecord? {
        let parsed = line.withUnsafeBytes {
            JSONValue.parse($0.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
        }
        guard case .object(let object)? = parsed,
            case .string(let suite)? = object["suite"], case .string(let key)? = object["key"],
            case .string(let timeText)? = object["time"],
            case .date(let time)? = try? PropertyListValue(parsing: timeText, as: .date)
        else { return nil }
        var old: PropertyListValue?
        var new: PropertyListValue?
        if let tagged = object["old"] {
            guard let value = PropertyListValue(tagged: tagged) else { return nil }
            old = value
        }
        if let tagged = object["new"] {
            guard let value = PropertyListValue(tagged: tagged) else { return nil }
            new = value
        }
        var pid: Int32?
        if case .number(let text)? = object["pid"] {
            pid = PropertyListValue.jsonInteger(text).map { Int32(truncatingIfNeeded: $0) }
        }
        var process: String?
        if case .string(let name)? = object["process"] { process = name }
        var write: String?
        if case .string(let identifier)? = object["write"] { write = identifier }
        var reverts: String?
        if case .string(let identifier)? = object["reverts"] { reverts = identifier }
        var digests: [String?] = [nil, nil]
        for (index, name) in ["oldDigest", "newDigest"].enumerated() {
            if case .string(let digest)? = object[name] { digests[index] = digest }
        }
        var record = JournalRecord(
            time: time, pid: pid, process: process, write: write, reverts: reverts, suite: suite, key: key, old: old,
            new: new, oldDigest: digests[0], newDigest: digests[1])
        if case .bool(true)? = object["staged"] { record.staged = true }
        return record
    }

    /// How a commit line starts (see ``JournalLineWriter/commitLine(write:count:)``); no record's line starts so.
    package static let commitPrefix = #"{"committed":"#

    /// The write a commit line commits and how many records it staged, or `nil` when the line is not one.
    package static func commit(_ line: Data) -> (write: String, count: Int)? {
        let prefix = Array(commitPrefix.utf8)
        guard line.count < 256, line.starts(with: prefix) else { return nil }
        let parsed = line.withUnsafeBytes { JSONValue.parse($0.bindMemory(to: UInt8.self), maximumDepth: 2) }
        guard case .object(let object)? = parsed, case .string(let write)? = object["committed"],
            case .number(let text)? = object["changes"], let count = Int(text), count >= 0
        else { return nil }
        return (write, count)
    }

    /// A record's values are tagged (`{"array":[…]}`), and sit one level below the record's object.
    package static let maximumDepth = PropertyListValue.taggedMaximumDepth + 2
}
