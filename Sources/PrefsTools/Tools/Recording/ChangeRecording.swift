import PrefsCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `prefs record` does: follows the store as `prefs watch` does, every process's changes, until told to stop,
/// then writes what each key ended as as an `sh` script (``RecordScript``).
public struct ChangeRecording: Sendable {
    /// The suites to record; every suite when empty.
    public var suites: [String]
    /// Which keys to keep.
    public var filter: RecordFilter
    /// The file to write the script to; standard output when `nil`.
    public var output: String?
    /// Whether the script changes keys with `prefs` or with the store's own tool.
    public var format: RecordScript.Format

    /// Creates a recording.
    public init(
        suites: [String], filter: RecordFilter = RecordFilter(), output: String? = nil,
        format: RecordScript.Format = .prefs
    ) {
        (self.suites, self.filter, self.output, self.format) = (suites, filter, output, format)
    }

    /// Records until `stop` returns or the task is cancelled, then writes the script.
    ///
    /// Either way the changes already made reach the script: once told to stop, the recorder goes on taking changes
    /// until none has come for a tenth of a second (at most a second), since a write that ended just before an
    /// interrupt is still on its way from the store's watcher.
    ///
    /// - Parameters:
    ///   - context: The store.
    ///   - stop: Returns when the recording should end: an interrupt, a duration.
    /// - Throws: ``ToolError`` for a suite name the store cannot hold; the store's error when its service cannot
    ///   start or dies (after the script of what was recorded is written); the output's when the script cannot be
    ///   written.
    public func run(in context: ToolContext, until stop: @escaping @Sendable () async -> Void) async throws {
        if format == .native, try context.store().nativeCommands == nil {
            throw ToolError(
                "\(context.locationDescription) has no tool of its own to replay with; record without --format native",
                code: .usage)
        }
        // Said once it is true: a change made after the note is recorded, on a store that can start at once.
        let followed = try FollowedStore(suites: suites, in: context)
        defer { followed.stop() }
        let (store, events) = (followed.store, followed.events)
        let started = Date()
        Output.note("recording \(followed.description); interrupt (Ctrl-C) to write the script")
        // Unstructured, so that the recording's own cancellation stops it the way an interrupt does, and the
        // changes on their way are still taken in before the script is written.
        let lastChange = LastChange()
        let (serviceEnded, ending) = AsyncStream.makeStream(of: Never.self)
        let service = Task {
            defer { ending.finish() }
            try await store.run()
        }
        let recorder = Task {
            var recorded = RecordedChanges()
            for await event in events {
                guard case .changed(let changes) = event else { continue }
                for change in changes where followed.follows(change) { recorded.add(change) }
                lastChange.now()
            }
            return recorded
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await stop() }
            // Not `service.result`, whose wait no cancellation ends: the stream's does.
            group.addTask { for await _ in serviceEnded {} }
            await group.next()
            group.cancelAll()
        }
        await Task { await lastChange.waitForQuiet() }.value
        recorder.cancel()
        service.cancel()
        let changes = await recorder.value
        let script = RecordScript(
            started: started, ended: Date(), store: store.locationDescription, suites: suites, filter: filter,
            changes: changes)
        let text = script.text(
            schema: { try context.schema(for: $0) },
            native: format == .native ? store.nativeCommands : nil)
        try Output.write(Data(text.utf8), toFile: output)
        Output.note("recorded \(changes.count) key(s)" + (output.map { " in \(TextEscaping.quoted($0))" } ?? ""))
        // A service that died ended the recording early: what it had is written, and the failure said.
        if case .failure(let error) = await service.result, !(error is CancellationError) { throw error }
    }
}

/// When a recording last took a change in, to wait for the changes still on their way.
private final class LastChange: Sendable {
    private let last = Mutex(ContinuousClock.now)

    func now() { last.withLock { $0 = .now } }

    /// Returns once no change has come for 100 ms since it was called, or after a second.
    func waitForQuiet() async {
        let stopped = ContinuousClock.now
        let deadline = stopped + .seconds(1)
        while true {
            let end = min(max(stopped, last.withLock { $0 }) + .milliseconds(100), deadline)
            if ContinuousClock.now >= end { return }
            try? await Task.sleep(until: end)
        }
    }
}
