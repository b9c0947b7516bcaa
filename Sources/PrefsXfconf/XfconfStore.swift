public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// XFCE's settings as a store of suites: each Xfconf channel is a suite, its properties (`/backdrop/screen0/color`)
/// its keys, read and written through the `org.xfce.Xfconf` service on the session bus, so that xfconfd stores every
/// write and every running XFCE program sees it.
///
/// ```swift
/// let store = XfconfStore()
/// let panel = try store.channel("xfce4-panel")
/// try panel.setPrimitiveValue(.int(32), forKey: "/panels/panel-1/size")
/// ```
///
/// Each property keeps the type xfconfd holds (int, uint, int64, uint64, double, bool, string, arrays of them); a new
/// one takes the type its value implies. A system channel file's lock refuses a write; removing a property resets it
/// to what a system channel file gives, as `xfconf-query -r` does. Writes are journaled as the file store's are, so
/// that `prefs log`, `undo` and `redo` work; other programs' changes arrive while ``run()`` runs.
///
/// Creating the store does nothing: GLib (whose `GVariant` holds the values) is loaded, and the bus reached over
/// PrefsDBus's connection, when a channel is first opened.
public final class XfconfStore: Sendable {
    /// The folder of the change journals, one file per channel.
    public let journalDirectory: URL
    /// The launch arguments that override values read through a key.
    public let launchArguments: LaunchArguments
    /// How long a write waits for another journaled writer of the same channel.
    public let lockTimeout: Duration
    /// Where every channel's changes are posted, for observers of the whole store.
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let journal: SuiteJournal
    let channels = Mutex<[String: WeakChannel]>([:])
    /// The bus's Xfconf service, whose connection is opened by its first call.
    let service = XfconfBus()
    /// The one listening to xfconfd's signals, shared by ``run()`` and every ``startDelivering()`` holding it, so
    /// that each signal is heard once.
    let listener = Mutex<(listening: XfconfSignals.Listening?, callers: BusCallers?, holders: Int)>((nil, nil, 0))
    /// The channels kept open for store-wide observers.
    let observed = ObservedSuites()
    /// The channels this store wrote: xfconfd holds them before it lists them (``listSuites()``).
    let written = Mutex<Set<String>>([])

    struct WeakChannel {
        weak var channel: XfconfChannel?
    }

    /// Creates the store; nothing is read until a channel is opened.
    ///
    /// - Parameters:
    ///   - journalDirectory: Where to keep the change journals; `$XDG_STATE_HOME/prefs/xfconf/` (else
    ///     `~/.local/state/…`) when `nil`.
    ///   - launchArguments: The launch arguments that override values read through a key.
    ///   - lockTimeout: How long a write waits for another journaled writer of the same channel.
    public init(
        journalDirectory: URL? = nil, launchArguments: LaunchArguments = .none, lockTimeout: Duration = .seconds(5)
    ) {
        let directory =
            journalDirectory ?? XDGDirectories.stateHome().appendingPathComponent("prefs/xfconf", isDirectory: true)
        self.journalDirectory = directory
        self.launchArguments = launchArguments
        self.lockTimeout = lockTimeout
        journal = SuiteJournal(directory: directory)
    }

    // A store let go while a holder's token is not yet cancelled leaves no thread listening for it.
    deinit { listener.withLock { $0.listening?.end() } }

    /// Opens a channel.
    ///
    /// - Parameter name: The channel's name, such as `xfce4-panel`.
    /// - Returns: The channel, shared by every caller in the process.
    /// - Throws: ``XfconfStoreError`` for a name xfconfd does not take, or when the bus cannot be reached.
    public func channel(_ name: String) throws(XfconfStoreError) -> XfconfChannel {
        try channel(name, primedEmpty: false)
    }

    /// Opens a channel, primed while the store is observed: with what it holds, or as if it held nothing, so that
    /// every property it holds is told as new.
    private func channel(_ name: String, primedEmpty: Bool) throws(XfconfStoreError) -> XfconfChannel {
        if let live = channels.withLock({ $0[name]?.channel }) { return live }
        try Self.checkChannelName(name)
        let fresh = try XfconfChannel(name: name, bus: bus(), store: self)
        let channel = channels.withLock { channels in
            if let live = channels[name]?.channel { return live }
            channels[name] = WeakChannel(channel: fresh)
            return fresh
        }
        if channel === fresh, observed.keep(fresh, named: name) { fresh.prime(empty: primedEmpty) }
        return channel
    }

    /// The channel of this name, when one is open.
    func liveChannel(_ name: String) -> XfconfChannel? {
        channels.withLock { $0[name]?.channel }
    }

    /// The channel a change signal is for: the open one, or, while every channel is observed, one made since the
    /// observation began, opened now (xfconfd lists a channel only once it has written its file, seconds later) as
    /// if it held nothing: what it holds is new, and the properties a write set after the signal's are told too.
    ///
    /// - Parameter name: The channel the signal names.
    /// - Returns: The channel, or `nil` when nobody observes it.
    func channel(forSignalOf name: String) -> XfconfChannel? {
        if let live = liveChannel(name) { return live }
        guard observed.isObserved else { return nil }
        do {
            return try channel(name, primedEmpty: true)
        } catch {
            // Observers hear why this channel's change is not told.
            changeNotifier.report(error)
            return nil
        }
    }

    /// The session bus's Xfconf service, once GLib, which holds its values, is loaded.
    ///
    /// - Throws: ``XfconfStoreError/gioUnavailable(_:)`` when GLib cannot be loaded.
    func bus() throws(XfconfStoreError) -> XfconfBus {
        if let problem = GLib.glibLoadFailure() { throw .gioUnavailable(problem) }
        return service
    }

    /// Refuses a channel name xfconfd would refuse, or that could not name a journal file: empty, with a `/`, or with
    /// other than printable ASCII.
    static func checkChannelName(_ name: String) throws(XfconfStoreError) {
        guard !name.isEmpty else { throw .invalidChannel(name, reason: "it is empty") }
        // The name is a journal file's too: one that names a folder would reach outside the journals'.
        guard name != ".", name != ".." else { throw .invalidChannel(name, reason: "it names a folder") }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F && $0 != "/" }) else {
            throw .invalidChannel(
                name, reason: "a channel name holds printable ASCII characters other than / only, such as xfwm4")
        }
    }
}

extension XfconfStore {
    /// Hears xfconfd's signals from now on, on the listening already running, else on a new one.
    ///
    /// - Returns: A token; once every holder has cancelled its own, the listening ends.
    /// - Throws: ``XfconfStoreError/unreachable(_:)`` when the bus cannot be reached or refuses the rule in time.
    func startListening() throws(XfconfStoreError) -> PersistentKeyValueObservation {
        try listener.withLock {
            (state: inout (listening: XfconfSignals.Listening?, callers: BusCallers?, holders: Int))
                throws(XfconfStoreError) in
            // One that died (the bus went) is replaced: its holders were told, and a new holder starts anew.
            if state.listening?.isListening != true {
                state.listening?.end()
                state.callers?.stop()
                // Monitoring first: a call is heard before the signal it causes.
                state.callers = startCallers()
                state.listening = try XfconfSignals.listen(for: self)
            }
            state.holders += 1
        }
        return PersistentKeyValueObservation { [weak self] in
            self?.listener.withLock { state in
                state.holders -= 1
                guard state.holders == 0 else { return }
                state.listening?.end()
                state.listening = nil
                state.callers?.stop()
                state.callers = nil
            }
        }
    }
}
