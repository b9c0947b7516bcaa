#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everything the editor said this session, newest last, so that a message too long for its lines, or gone with the
/// next key, can be read whole (`M`).
///
/// Bounded: the oldest go first past ``capacity``. A message said twice in a row is kept once.
public struct MessageLog {
    /// One message and when it was said.
    public struct Entry: Equatable {
        public let time: Date
        public let text: String
    }

    /// How many messages are kept.
    public static let capacity = 200

    /// The messages, oldest first.
    public private(set) var entries: [Entry] = []
    /// The message shown now, on the line above the status bar; `nil` once the next key clears it.
    public private(set) var current: String?

    /// Shows a message, keeping it in the log, or clears the line.
    ///
    /// - Parameter text: What the editor says; `nil` clears the line.
    mutating func show(_ text: String?) {
        if let text, text != current { record(text) }
        current = text
    }

    /// Keeps a message.
    ///
    /// - Parameters:
    ///   - text: What the editor said, as shown.
    ///   - time: When.
    mutating func record(_ text: String, at time: Date = Date()) {
        if entries.last?.text == text { return }
        entries.append(Entry(time: time, text: text))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// The log as rows of a width, newest message first: its time, then its text wrapped under it.
    ///
    /// - Parameters:
    ///   - columns: The width of a row.
    ///   - time: How a moment is written.
    /// - Returns: The rows; empty when nothing was said.
    func rows(columns: Int, time: (Date) -> String) -> [String] {
        entries.reversed().flatMap { entry in
            [time(entry.time)] + TextWrapping.lines(entry.text, columns: max(1, columns - 2)).map { "  " + $0 }
        }
    }
}
