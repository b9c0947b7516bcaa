import Synchronization

/// Change notifiers for stores that cannot hold one themselves, such as `UserDefaults`, kept by object identity.
///
/// An entry keeps a weak reference to its object, so a new object that reuses a freed object's address gets a fresh
/// notifier instead of the old one's observers.
enum ObjectChangeNotifiers {
    /// A weak reference used only to compare identity; it is never dereferenced to call the object, which is why it
    /// is safe to share across threads.
    private final class WeakReference: @unchecked Sendable {
        weak var object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }

    private struct Entry: Sendable {
        let reference: WeakReference
        let notifier: PersistentKeyValueChangeNotifier
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    static func notifier(for object: AnyObject) -> PersistentKeyValueChangeNotifier {
        entries.withLock { entries in
            let id = ObjectIdentifier(object)
            if let entry = entries[id], entry.reference.object === object { return entry.notifier }
            entries = entries.filter { $0.value.reference.object != nil }
            let entry = Entry(reference: WeakReference(object), notifier: PersistentKeyValueChangeNotifier())
            entries[id] = entry
            return entry.notifier
        }
    }
}
