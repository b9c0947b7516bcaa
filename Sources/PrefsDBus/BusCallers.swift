import PrefsSystem
import Synchronization
import SystemPackage

/// Who asked a service on the session bus for each change, heard by a monitor of the bus (as `dbus-monitor` hears):
/// the process that called dconf's `Change` or xfconfd's `SetProperty`, which the service's own signal does not name.
///
/// A store that hears a change it has no journal record of asks ``caller(of:)`` who made it. The bus tells a call's
/// sender, the bus tells that sender's process id, and `/proc` that process's name, read at once, while the caller
/// still waits for its reply; a caller that has gone by then is named by its id alone. What no call explains (a
/// service's own change, a file written by hand) has no caller.
package final class BusCallers: Sendable {
    /// The process behind a call.
    package struct Caller: Sendable, Hashable {
        /// Its process id.
        package let pid: Int32
        /// Its program's name, when it could be read.
        package let name: String?
    }

    /// How long a call explains the changes it names: a change heard later was made by something else.
    static let window: Duration = .seconds(5)
    /// The longest ``caller(of:)`` waits for the monitor to catch up with the bus: the service's signal can reach the
    /// store's own connection before the monitor's thread has read the call that caused it.
    static let patience: Duration = .seconds(1)

    fileprivate let heard = Mutex(HeardCalls())
    private let stopWriter: Mutex<FileDescriptorBox?>
    /// Whether the monitor's thread is taking messages off its socket (``SessionBusConnection/readMonitored(until:busy:onMessage:)``).
    private let busy = Atomic(false)
    /// Whether the monitor's thread still reads the bus: once it has ended, nothing is waited for.
    private let monitoring = Atomic(true)
    private let thread: MonitorThread

    private init(stopWriter: FileDescriptorBox, thread: MonitorThread) {
        self.stopWriter = Mutex(stopWriter)
        self.thread = thread
    }

    /// Starts monitoring the bus, and returns once the bus monitors for it.
    ///
    /// A call made after it returns is heard. When the bus lets no one monitor it, this throws, and changes are then
    /// unnamed, as before.
    ///
    /// - Parameters:
    ///   - environment: The environment that names the session bus.
    ///   - rules: Match rules for the calls that change something, and for the service's signals that announce a
    ///     change, which ``caller(ofSignal:serial:key:)`` names the cause of.
    ///   - touched: The keys a call changes, or a signal announces, as the store names them; a name ending in `/`
    ///     stands for every key under it. `nil` for a message that changes nothing.
    ///   - onEnd: Called on the monitor's thread with why monitoring ended early: the bus refused it or went away.
    /// - Returns: The monitor, to ``stop()``.
    /// - Throws: ``SessionBusConnection/Failure`` when the bus cannot be reached; `Errno` when no thread can start.
    package static func start(
        environment: [String: String], rules: [String],
        touched: @escaping @Sendable (BusMessage.Received) -> [String]?,
        onEnd: @escaping @Sendable (String) -> Void
    ) throws -> BusCallers {
        let monitor = try SessionBusConnection(environment: environment)
        // New connections too, so that a caller is named while it surely runs: one that sends a call it wants no
        // reply to may be gone before the call is read.
        try monitor.becomeMonitor(rules + [Self.newConnections])
        let asking = try SessionBusConnection(environment: environment)
        let (stopReader, stopWriter) = try Syscall.pipe()
        let thread = MonitorThread(monitor: monitor, asking: asking, stop: stopReader)
        let callers = BusCallers(stopWriter: FileDescriptorBox(stopWriter), thread: thread)
        let failure = DetachedThread.start { [callers] in
            defer {
                // A pipe end's close that fails has still released it (Linux): nothing is left to do.
                try? thread.stop.close()
                callers.monitoring.store(false, ordering: .sequentiallyConsistent)
            }
            do throws(SessionBusConnection.Failure) {
                try thread.monitor.readMonitored(until: thread.stop, busy: callers.busy) { message in
                    if let connection = Self.connection(announcedBy: message) {
                        callers.meet(connection, asking: thread.asking)
                        return
                    }
                    guard let sender = message.sender, let keys = touched(message), !keys.isEmpty else { return }
                    switch message.kind {
                    case .methodCall: callers.hear(keys, from: sender, asking: thread.asking)
                    case .signal:
                        callers.heard.withLock {
                            $0.signalled(keys, sender: sender, serial: message.serial, within: Self.window)
                        }
                    default: break
                    }
                }
            } catch {
                onEnd(error.reason)
            }
        }
        guard failure == 0 else {
            // No thread took the pipe: both ends go, and a close that fails has still released its end.
            try? stopReader.close()
            try? stopWriter.close()
            throw Errno(rawValue: failure)
        }
        return callers
    }

    /// The process whose call caused a service's signal, which the store heard on a connection of its own: the same
    /// message, by its sender and serial, reaches the monitor after the call that caused it, so this waits for the
    /// monitor to hear it (at most ``patience``), then names that call's caller.
    ///
    /// - Parameters:
    ///   - sender: The signal's sender, the service's unique name.
    ///   - serial: The signal's serial.
    ///   - key: A key it announces, to fall back on ``caller(of:)`` when the monitor never hears the signal.
    /// - Returns: The caller, or `nil` when no call heard caused the signal.
    package func caller(ofSignal sender: String, serial: UInt32, key: String) -> Caller? {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline, monitoring.load(ordering: .sequentiallyConsistent) {
            let (heard, caller, asking) = heard.withLock { $0.caller(ofSignal: sender, serial: serial) }
            if heard && !asking { return caller }
            Syscall.sleep(microseconds: 200)
        }
        return caller(of: key)
    }

    /// Ends the monitoring: the pipe's read end, which the thread polls, hangs up.
    package func stop() {
        stopWriter.withLock { box in
            // Closed once; a close that fails has still released the end, and the reader hangs up all the same.
            try? box?.descriptor.close()
            box = nil
        }
    }

    /// The process whose call made the newest change to a key, heard within the last few seconds.
    ///
    /// - Parameter key: The key, as ``start(environment:rules:touched:)``'s `touched` names keys.
    /// - Returns: The caller, or `nil` when no call heard explains the change.
    package func caller(of key: String) -> Caller? {
        let deadline = ContinuousClock.now + Self.patience
        while true {
            // Caught up is read before the calls heard: a call read meanwhile is then among them.
            let caughtUp = thread.monitor.isCaughtUp(busy: busy)
            let (found, asking) = heard.withLock { $0.caller(of: key, within: Self.window) }
            if let found { return found }
            if caughtUp && !asking || ContinuousClock.now >= deadline
                || !monitoring.load(ordering: .sequentiallyConsistent)
            {
                return nil
            }
            Syscall.sleep(microseconds: 200)
        }
    }

    /// The bus's signal that a connection has joined.
    static let newConnections =
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'"

    /// The unique name of a connection that has just joined, from the bus's `NameOwnerChanged(s name, s old, s new)`.
    static func connection(announcedBy message: BusMessage.Received) -> String? {
        guard message.kind == .signal, message.member == "NameOwnerChanged", message.signature == "sss" else {
            return nil
        }
        var body = message.body
        guard let name = body.string(), body.string() == "", let owner = body.string(), name == owner,
            name.hasPrefix(":")
        else { return nil }
        return name
    }

    /// Names a connection that has just joined, while its process surely runs.
    private func meet(_ connection: String, asking: SessionBusConnection) {
        // A connection gone already (NameHasNoOwner) has no process to name.
        guard let pid = try? asking.processID(of: connection) else { return }
        let caller = Caller(pid: pid, name: Processes.name(of: pid))
        heard.withLock { $0.remember(caller, as: connection) }
    }

    /// Records a call's keys, then names its sender: as met when it joined, else by asking the bus now.
    private func hear(_ keys: [String], from sender: String, asking: SessionBusConnection) {
        let (call, met) = heard.withLock { ($0.begin(keys), $0.known(sender)) }
        // A sender gone before it was met and asked about has no process to name: the change is not recorded then.
        let caller =
            met ?? (try? asking.processID(of: sender)).map { Caller(pid: $0, name: Processes.name(of: $0)) }
        heard.withLock { $0.finish(call, caller: caller) }
    }

    /// What the monitor's thread owns: handed over whole, so that nothing else touches it.
    private final class MonitorThread: @unchecked Sendable {
        let monitor: SessionBusConnection
        let asking: SessionBusConnection
        let stop: FileDescriptor

        init(monitor: SessionBusConnection, asking: SessionBusConnection, stop: FileDescriptor) {
            (self.monitor, self.asking, self.stop) = (monitor, asking, stop)
        }
    }

    /// The write end of the stop pipe, closed once.
    private struct FileDescriptorBox: Sendable {
        let descriptor: FileDescriptor
        init(_ descriptor: FileDescriptor) { self.descriptor = descriptor }
    }
}
