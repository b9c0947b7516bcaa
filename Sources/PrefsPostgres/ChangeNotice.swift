#if PostgreSQL
import Foundation
import PrefsCore

/// What a write announces on the table's channel: which keys of which suite changed, and who changed them.
///
/// A notice carries the values written when they fit PostgreSQL's 8,000-byte payload limit, so that listeners apply
/// them in commit order without reading the table; otherwise listeners read the keys named, or the whole suite when
/// even the keys do not fit (`all`).
struct ChangeNotice: Codable, Sendable, Equatable {
    var suite: String
    /// The keys written; empty when ``all`` is set.
    var keys: [String]
    /// Whether the whole suite must be read again.
    var all: Bool
    /// The values written (`nil` for a removal), when they fit.
    var values: [String: PropertyListValue?]?
    /// The store instance that wrote, so that it recognises its own notices.
    var instance: String
    /// The write's number within that instance.
    var sequence: Int
    var host: String?
    var pid: Int32?
    var process: String?
    var time: Date

    /// PostgreSQL refuses payloads of 8,000 bytes or more; this leaves room for the rest of the notice.
    static let keyListLimit = 6_000

    /// The most a notice may take, leaving PostgreSQL's limit some room.
    static let payloadLimit = 7_500

    init(
        suite: String, changes: [String: PropertyListValue?], instance: String, sequence: Int,
        writer: PersistentKeyValueChange.Writer
    ) {
        let keys = changes.keys.sorted()
        self.suite = suite
        let listed = keys.reduce(0) { $0 + $1.utf8.count + 4 }
        all = listed > Self.keyListLimit
        self.keys = all ? [] : keys
        self.instance = instance
        self.sequence = sequence
        host = writer.host
        pid = writer.pid
        process = writer.processName
        time = writer.time ?? Date()
        values = changes
        if json.utf8.count > Self.payloadLimit { values = nil }
    }

    var writer: PersistentKeyValueChange.Writer {
        PersistentKeyValueChange.Writer(pid: pid, processName: process, host: host, time: time)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    init?(json: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        guard let notice = try? decoder.decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = notice
    }
}
#endif
