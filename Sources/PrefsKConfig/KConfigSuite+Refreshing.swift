import PrefsCore
import PrefsStoreKit
import Synchronization

extension KConfigSuite {
    /// Reads the files again after the watch saw one change, and delivers what changed: the user's values,
    /// attributed to their writer when the journal knows it, and values in force that a system copy changed.
    func refresh() {
        exchange.withLock { _ in refreshHoldingExchange() }
    }

    private func refreshHoldingExchange() {
        let fresh: Snapshot
        do {
            fresh = try Self.read(name: name, store: store)
        } catch {
            // What was read last is kept; observers hear why the change cannot be read, and reads and writes say it.
            store.changeNotifier.report(error)
            return
        }
        let old = delivered.withLock { delivered in
            let old = delivered
            delivered = fresh
            return old
        }
        state.withLock { $0 = fresh }
        let oldLayers = systemLayers(old)
        layers.replace(with: systemLayers(fresh))
        let (before, after) = (recordedValues(of: old), recordedValues(of: fresh))
        var differences: [(key: String, old: PropertyListValue?, new: PropertyListValue?)] = []
        for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
            differences.append((key, before[key], after[key]))
        }
        if !differences.isEmpty {
            post(
                store.journal.attribute(
                    differences, suite: KConfigStore.journalName(name), named: name, timeout: .milliseconds(200)))
        }
        let system = layers.current.changes(since: oldLayers, user: after, suite: name, fallback: name)
        post(system)
    }

    /// Takes the files as a write of this process's left them, as read and as told: the write's changes are told
    /// by the write itself.
    func adopt(_ snapshot: Snapshot) {
        delivered.withLock { $0 = snapshot }
        state.withLock { $0 = snapshot }
        layers.replace(with: systemLayers(snapshot))
    }

    /// The user's values as a change records them (``recorded(_:key:)``): a `[$e]` entry's text unexpanded, so that
    /// another program's change of `${MY_API_TOKEN}` is journaled, told and recorded as the variable, never as the
    /// token the environment holds, as `prefs write` keeps it.
    func recordedValues(of snapshot: Snapshot) -> [String: PropertyListValue] {
        var values = values(of: snapshot)
        for key in snapshot.user.keys {
            guard let value = snapshot.user.values[key], value.expands else { continue }
            values[key.name] = recorded(value, key: key.name)
        }
        return values
    }

    /// Delivers every value as new: the suite's file appeared while every suite is observed.
    func postEverything() {
        let values = recordedValues(of: current())
        post(
            values.keys.sorted().map {
                PersistentKeyValueChange(
                    suite: name, key: $0, oldValue: nil, newValue: values[$0], origin: .otherProcess)
            })
    }
}
