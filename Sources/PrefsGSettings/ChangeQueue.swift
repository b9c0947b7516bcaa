import CGio
import Synchronization

/// The keys GSettings said changed, waiting for the main loop's thread to read their new values.
///
/// GSettings calls a suite's "changed" handler on GLib's default main context, or directly on the writing thread when
/// that thread can take the context; the handler only queues the key and wakes the loop, so that it never takes the
/// lock a writer holds.
enum ChangeQueue {
    private struct Entry: Hashable {
        let suite: Int
        let key: String
    }

    private static let entries = Mutex<Set<Entry>>([])
    private static let suites = Mutex<(next: Int, live: [Int: WeakSuite])>((1, [:]))

    private struct WeakSuite {
        weak var suite: GSettingsSuite?
    }

    /// Connects a suite's GSettings object to the queue.
    ///
    /// - Parameter suite: The suite.
    static func connect(_ suite: GSettingsSuite) {
        let id = suites.withLock { suites in
            defer { suites.next += 1 }
            suites.live[suites.next] = WeakSuite(suite: suite)
            return suites.next
        }
        guard let context = UnsafeMutableRawPointer(bitPattern: id) else { return }
        suite.settings.connectChanged(
            { _, key, context in
                guard let key else { return }
                ChangeQueue.add(suite: Int(bitPattern: context), key: String(cString: key))
            }, context: context)
    }

    private static func add(suite: Int, key: String) {
        entries.withLock { _ = $0.insert(Entry(suite: suite, key: key)) }
        GIO.wakeDefaultContext()
    }

    /// Reads the queued keys' new values and delivers the changes; called on the main loop's thread.
    static func deliver() {
        let taken = entries.withLock { entries in
            defer { entries = [] }
            return entries
        }
        guard !taken.isEmpty else { return }
        let live = suites.withLock { $0.live }
        var keys: [Int: [String]] = [:]
        for entry in taken { keys[entry.suite, default: []].append(entry.key) }
        for (id, changed) in keys.sorted(by: { $0.key < $1.key }) {
            live[id]?.suite?.refresh(changed.sorted())
        }
    }
}
