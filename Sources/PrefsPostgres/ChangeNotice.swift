import Foundation
import PrefsKit

/// What a write announces on the table's channel: which keys of which suite changed, and who changed them.
///
/// The values themselves are read from the table by whoever receives it, so that a notice stays far below
/// PostgreSQL's 8,000-byte payload limit; a write of too many keys to list says `all` instead.
struct ChangeNotice: Codable, Sendable, Equatable {
    var suite: String
    /// The keys written; empty when ``all`` is set.
    var keys: [String]
    /// Whether the whole suite must be read again.
    var all: Bool
    /// The store instance that wrote, so that it recognises its own notices.
    var instance: String
    var host: String?
    var pid: Int32?
    var process: String?
    var time: Date

    /// PostgreSQL refuses payloads of 8,000 bytes or more; this leaves room for the rest of the notice.
    static let keyListLimit = 6_000

    init(suite: String, keys: [String], instance: String, writer: PersistentKeyValueChange.Writer) {
        self.suite = suite
        let listed = keys.reduce(0) { $0 + $1.utf8.count + 4 }
        all = listed > Self.keyListLimit
        self.keys = all ? [] : keys
        self.instance = instance
        host = writer.host
        pid = writer.pid
        process = writer.processName
        time = writer.time ?? Date()
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
