import Foundation
import PrefsTestHelpers
import Testing

@testable import PrefsQSettings

/// Qt's own QSettings in a fresh process (PyQt5 run by Debian's /usr/bin/python3, `Qt/qsettings.py`): what it reads
/// from a file, as JSON, and values it writes.
enum QtSettings {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Qt/qsettings.py")

    /// Every key of a file and its value, as a fresh Qt process reads them.
    static func read(_ file: URL) throws -> NSDictionary {
        let result = try ChildProcess.run("/usr/bin/python3", [script.path, "read", file.path])
        try #require(result.status == 0, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? NSDictionary)
    }

    /// Sets values with Qt's `setValue` (JSON as `qsettings.py` takes it: `{"key": {"int": 1}}`, `null` to remove).
    static func write(_ file: URL, _ json: String) throws {
        let values = file.deletingLastPathComponent().appendingPathComponent(".values-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: values)
        defer { try? FileManager.default.removeItem(at: values) }
        let result = try ChildProcess.run("/usr/bin/python3", [script.path, "write", file.path, values.path])
        try #require(result.status == 0 && result.standardOutput.hasPrefix("0"), "\(result.standardError)")
    }

    /// A value as `qsettings.py` prints one.
    static func json(_ value: QtVariant) -> Any {
        switch value {
        case .string(let text): ["string": text]
        case .stringList(let items): ["list": items.map { ["string": $0] }]
        case .list(let items): ["list": items.map(json)]
        case .map(let pairs):
            ["map": Dictionary(pairs.map { ($0.0, json($0.1)) }, uniquingKeysWith: { first, _ in first })]
        case .int(let number): ["int": number]
        case .unsignedInt(let number): ["int": number]
        case .bool(let flag): ["bool": flag]
        case .double(let number): ["double": number]
        case .byteArray(let bytes): ["bytes": bytes.map(Int.init)]
        case .size(let width, let height): ["size": [width, height]]
        case .point(let x, let y): ["point": [x, y]]
        case .rect(let x, let y, let width, let height): ["rect": [x, y, width, height]]
        case .dateTime(let milliseconds, let spec):
            switch spec {
            case .localTime: ["date": QtVariant.utc(wallClock: milliseconds), "spec": 0]
            case .utc: ["date": milliseconds, "spec": 1]
            case .offset: ["date": milliseconds, "spec": 2]
            }
        case .color(_, let alpha, let red, let green, let blue, _):
            ["color": "#" + [alpha, red, green, blue].map { String(format: "%02x", $0 >> 8) }.joined()]
        case .invalid: ["invalid": true]
        case .opaque(let text): ["other": text]
        }
    }

    /// Every key of a file as prefs reads it, in `qsettings.py`'s JSON.
    static func prefsRead(_ file: URL) throws -> NSDictionary {
        let parsed = QSettingsFile(Array(try Data(contentsOf: file)))
        return NSDictionary(dictionary: parsed.values.mapValues(json))
    }
}
