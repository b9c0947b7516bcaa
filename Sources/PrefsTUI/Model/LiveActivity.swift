public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the editor shows of other processes' changes as they arrive: the change log (`w`), the rows highlighted for
/// a moment, and why changes stopped arriving, while they do not.
public struct LiveActivity {
    /// The changes other processes made while the editor ran, with when they were made (or seen, when the writer is
    /// unknown), newest last, at most ``limit``.
    public private(set) var changeLog: [(change: PersistentKeyValueChange, time: Date)] = []
    /// Why other processes' changes stopped arriving, while they do not; shown in the title.
    public internal(set) var problem: String?
    /// The rows changed by other processes, and until when they stay highlighted.
    private var highlights: [SuiteKey: ContinuousClock.Instant] = [:]

    /// The most changes the log keeps.
    public static let limit = 500

    /// How long a row changed by another process stays highlighted.
    public static let highlightDuration = Duration.seconds(1.5)

    /// Takes in changes: other processes' go to the log and highlight their key's row and their suite's row.
    ///
    /// - Parameters:
    ///   - changes: The changes, in the order they were made; this process's own are left out.
    ///   - now: The instant highlights are measured from.
    ///   - seen: When they were seen, for changes whose writer is unknown.
    /// - Returns: Whether changes had stopped arriving and now arrive again.
    mutating func record(_ changes: [PersistentKeyValueChange], now: ContinuousClock.Instant, seen: Date) -> Bool {
        let others = changes.filter { $0.origin == .otherProcess }
        let back = problem != nil && !others.isEmpty
        if back { problem = nil }
        changeLog += others.map { ($0, $0.writer?.time ?? seen) }
        if changeLog.count > Self.limit { changeLog.removeFirst(changeLog.count - Self.limit) }
        for change in others {
            highlights[SuiteKey(suite: change.suite ?? "", key: change.key)] = now + Self.highlightDuration
            highlights[SuiteKey(suite: change.suite ?? "", key: nil)] = now + Self.highlightDuration
        }
        return back
    }

    /// Whether a row is highlighted at an instant.
    ///
    /// - Parameters:
    ///   - suite: The row's suite.
    ///   - key: The row's key; `nil` asks about the suite's row.
    ///   - now: The instant.
    /// - Returns: Whether another process changed it less than ``highlightDuration`` before `now`.
    public func isHighlighted(suite: String, key: String?, at now: ContinuousClock.Instant) -> Bool {
        guard let until = highlights[SuiteKey(suite: suite, key: key)] else { return false }
        return until > now
    }

    /// When the next highlight ends, so that the loop can redraw then.
    public func nextHighlightEnd(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        highlights.values.filter { $0 > now }.min()
    }
}
