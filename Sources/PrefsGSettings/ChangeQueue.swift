import CGio
import PrefsGLib
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
    private static let objects = Mutex<(next: Int, connected: [Int: Connected])>((1, [:]))

    /// A connected GSettings object's suite: its name in its store.
    private struct Connected {
        weak var store: GSettingsStore?
        let suite: String
    }

    /// Connects a store's GSettings object for a suite to the queue.
    ///
    /// - Parameters:
    ///   - settings: The object, which the store keeps for its life.
    ///   - suite: The suite's name.
    ///   - store: The store.
    static func connect(_ settings: Settings, suite: String, store: GSettingsStore) {
        let id = objects.withLock { objects in
            defer { objects.next += 1 }
            // A store's objects, and their handlers, end with it.
            objects.connected = objects.connected.filter { $0.value.store != nil }
            objects.connected[objects.next] = Connected(store: store, suite: suite)
            return objects.next
        }
        guard let context = UnsafeMutableRawPointer(bitPattern: id) else { return }
        settings.connectChanged(
            { _, key, context in
                guard let key else { return }
                ChangeQueue.add(suite: Int(bitPattern: context), key: String(cString: key))
            }, context: context)
    }

    private static func add(suite: Int, key: String) {
        entries.withLock { _ = $0.insert(Entry(suite: suite, key: key)) }
        GLib.wakeDefaultContext()
    }

    /// Reads the queued keys' new values and delivers the changes to the suites open; called on the main loop's
    /// thread.
    static func deliver() {
        let taken = entries.withLock { entries in
            defer { entries = [] }
            return entries
        }
        guard !taken.isEmpty else { return }
        let connected = objects.withLock { $0.connected }
        var keys: [Int: [String]] = [:]
        for entry in taken { keys[entry.suite, default: []].append(entry.key) }
        for (id, changed) in keys.sorted(by: { $0.key < $1.key }) {
            guard let object = connected[id] else { continue }
            object.store?.liveSuite(object.suite)?.refresh(changed.sorted())
        }
    }
}
