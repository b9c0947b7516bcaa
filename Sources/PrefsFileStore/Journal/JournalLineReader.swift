import Foundation
import PrefsKit

/// Reads one journal line back into a ``JournalRecord``.
///
/// It goes through `JSONSerialization` rather than `JSONDecoder`: a watcher decodes a record for every change it
/// attributes, and the decoder's keyed containers took three times as long for these small objects.
enum JournalLineReader {
    /// The record a line holds, or `nil` when the line is not a record (a torn or foreign line is skipped, not fatal).
    static func record(_ line: Data) -> JournalRecord? {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let suite = object["suite"] as? String, let key = object["key"] as? String,
            let timeText = object["time"] as? String,
            case .date(let time)? = try? PropertyListValue(
                parsing: timeText, as: .date)
        else { return nil }
        var old: PropertyListValue?
        var new: PropertyListValue?
        if let tagged = object["old"] {
            guard let value = value(tagged) else { return nil }
            old = value
        }
        if let tagged = object["new"] {
            guard let value = value(tagged) else { return nil }
            new = value
        }
        let pid = (object["pid"] as? NSNumber).map { Int32(truncatingIfNeeded: $0.int64Value) }
        return JournalRecord(
            time: time, pid: pid, process: object["process"] as? String, suite: suite, key: key, old: old, new: new)
    }

    /// A value in ``PropertyListValue``'s tagged form, such as `{"int":5}`.
    private static func value(_ tagged: Any) -> PropertyListValue? {
        guard let object = tagged as? [String: Any], object.count == 1, let (tag, payload) = object.first else {
            return nil
        }
        switch tag {
        case "bool": return (payload as? NSNumber).map { .bool($0.boolValue) }
        case "int": return (payload as? NSNumber).map { .int($0.intValue) }
        case "double": return (payload as? NSNumber).map { .double($0.doubleValue) }
        case "string": return (payload as? String).map { .string($0) }
        case "data", "date":
            guard let text = payload as? String else { return nil }
            return try? PropertyListValue(parsing: text, as: tag == "data" ? .data : .date)
        case "array":
            guard let elements = payload as? [Any] else { return nil }
            var values: [PropertyListValue] = []
            for element in elements {
                guard let value = value(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case "dictionary":
            guard let elements = payload as? [String: Any] else { return nil }
            var values: [String: PropertyListValue] = [:]
            for (key, element) in elements {
                guard let value = value(element) else { return nil }
                values[key] = value
            }
            return .dictionary(values)
        default:
            return nil
        }
    }
}
