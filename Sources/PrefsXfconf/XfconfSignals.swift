import CGio
import PrefsCore
import PrefsGLib
import Synchronization

/// xfconfd's `PropertyChanged` and `PropertyRemoved` signals, waiting for the main loop's thread to deliver them.
///
/// GDBus calls the handler on GLib's default main context; it only queues the change and wakes the loop, as the
/// GSettings store's queue does, so that it never takes a lock a writer holds.
enum XfconfSignals {
    private struct Pending {
        let store: Int
        let channel: String
        let property: String
        let value: PropertyListValue?
    }

    private static let state = Mutex<(pending: [Pending], stores: [Int: WeakStore], next: Int)>(([], [:], 1))

    private struct WeakStore {
        weak var store: XfconfStore?
    }

    /// Subscribes a store to xfconfd's signals.
    ///
    /// - Parameters:
    ///   - bus: The store's bus.
    ///   - store: The store.
    /// - Returns: The subscription's id.
    static func subscribe(_ bus: XfconfBus, store: XfconfStore) -> UInt32 {
        let id = state.withLock { state in
            defer { state.next += 1 }
            state.stores = state.stores.filter { $0.value.store != nil }
            state.stores[state.next] = WeakStore(store: store)
            return state.next
        }
        return bus.connection.subscribe(
            sender: XfconfBus.service, interface: XfconfBus.interface, member: nil, path: XfconfBus.path,
            callback: { _, _, _, _, signal, parameters, context in
                guard let signal, let parameters else { return }
                XfconfSignals.received(
                    String(cString: signal), Variant(retaining: parameters), store: Int(bitPattern: context))
            }, context: UnsafeMutableRawPointer(bitPattern: id))
    }

    private static func received(_ signal: String, _ parameters: Variant, store: Int) {
        guard parameters.childCount >= 2 else { return }
        let channel = parameters.child(0).string
        let property = parameters.child(1).string
        let value: PropertyListValue?
        switch signal {
        case "PropertyChanged" where parameters.childCount >= 3:
            value = VariantConversion.value(of: parameters.child(2).inner)
        case "PropertyRemoved":
            value = nil
        default:
            return
        }
        state.withLock { $0.pending.append(Pending(store: store, channel: channel, property: property, value: value)) }
        GLib.wakeDefaultContext()
    }

    /// Delivers the queued changes to the channels open, in the order xfconfd announced them; called on the main
    /// loop's thread.
    static func deliver() {
        let (taken, stores) = state.withLock { state in
            defer { state.pending = [] }
            return (state.pending, state.stores)
        }
        for change in taken {
            stores[change.store]?.store?.channel(forSignalOf: change.channel)?.apply(change.property, change.value)
        }
    }
}
