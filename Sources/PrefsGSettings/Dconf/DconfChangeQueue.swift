import CGio
import PrefsGLib
import Synchronization

/// The dconf paths the dconf service said changed, waiting for the main loop's thread to read their new values.
///
/// The dconf client calls its "changed" handler on GLib's default main context; the handler only queues the paths and
/// wakes the loop, as ``ChangeQueue`` does for GSettings' signals, so that it never takes a lock a writer holds.
enum DconfChangeQueue {
    private static let paths = Mutex<(pending: Set<String>, stores: [Int: WeakStore], next: Int)>(([], [:], 1))

    private struct WeakStore {
        weak var store: GSettingsStore?
    }

    /// Connects a store's dconf client to the queue.
    ///
    /// - Parameters:
    ///   - client: The client, which the store keeps for its life.
    ///   - store: The store.
    static func connect(_ client: DconfClient, store: GSettingsStore) {
        let id = paths.withLock { state in
            defer { state.next += 1 }
            state.stores = state.stores.filter { $0.value.store != nil }
            state.stores[state.next] = WeakStore(store: store)
            return state.next
        }
        let context = UnsafeMutableRawPointer(bitPattern: id)
        GIOLock.run {
            client.connectChanged(
                { _, prefix, changes, _, context in
                    guard let prefix else { return }
                    let base = String(cString: prefix)
                    var changed: [String] = []
                    var index = 0
                    while let change = changes?[index] {
                        changed.append(base + String(cString: change))
                        index += 1
                    }
                    DconfChangeQueue.add(changed.isEmpty ? [base] : changed, store: Int(bitPattern: context))
                }, context: context)
        }
    }

    private static func add(_ changed: [String], store: Int) {
        paths.withLock { state in
            for path in changed { state.pending.insert("\(store)\u{0}\(path)") }
        }
        GLib.wakeDefaultContext()
    }

    /// Reads the queued paths' new values and delivers the changes to the directories open; called on the main
    /// loop's thread.
    static func deliver() {
        let (taken, stores) = paths.withLock { state in
            defer { state.pending = [] }
            return (state.pending, state.stores)
        }
        guard !taken.isEmpty else { return }
        var refreshes: [ObjectIdentifier: (suite: DconfDirectorySuite, keys: Set<String>?)] = [:]
        for entry in taken.sorted() {
            let parts = entry.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            guard parts.count == 2, let id = Int(parts[0]), let store = stores[id]?.store else { continue }
            for (suite, keys) in store.liveDirectories(touchedBy: parts[1]) {
                let known = refreshes[ObjectIdentifier(suite)]
                let merged: Set<String>? =
                    if let keys, known == nil || known?.keys != nil {
                        (known?.keys ?? []).union(keys)
                    } else {
                        nil
                    }
                refreshes[ObjectIdentifier(suite)] = (suite, merged)
            }
        }
        for (suite, keys) in refreshes.values.sorted(by: { $0.suite.name < $1.suite.name }) {
            suite.refresh(keys.map { $0.sorted() })
        }
    }
}
