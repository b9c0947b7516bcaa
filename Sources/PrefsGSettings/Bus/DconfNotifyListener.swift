import Logging
import PrefsCore
import PrefsDBus
import PrefsStoreKit
import PrefsSystem
import SystemPackage

/// Hears dconf's `Notify` signal for the user's database on a session-bus connection of its own, on a thread of its
/// own, without GIO.
///
/// GSettings hears the same signal on GDBus's thread, hands it to dconf's worker thread, and that to GLib's main
/// loop before a "changed" handler runs: two thread switches a `prefs watch` spends more time on than `gsettings
/// monitor` spends on everything. This listener only speeds suites that read files up: GSettings still delivers every
/// change (and those of the system databases, on the system bus), and a change heard twice is told once, since a
/// suite tells only differences from what it last saw.
final class DconfNotifyListener: Sendable {
    private let stopWriter: FileDescriptor

    private init(stopWriter: FileDescriptor) {
        self.stopWriter = stopWriter
    }

    /// Starts listening, or says why it cannot, in which case GSettings alone delivers changes.
    ///
    /// - Parameters:
    ///   - environment: The environment that names the session bus.
    ///   - writerPath: The object path of the user database's writer in dconf's service.
    ///   - onNotify: Called on the listener's thread with the paths each change touched (keys, or directories ending
    ///     in `/` reset whole) and the signal's sender and serial, by which the store's monitor names its cause.
    /// - Returns: The listener, to ``stop()``.
    /// - Throws: ``SessionBusConnection/Failure`` when the bus cannot be reached here; `Errno` when no pipe or thread
    ///   can be made.
    static func start(
        environment: [String: String], writerPath: String,
        onNotify: @escaping @Sendable ([String], _ signal: (sender: String, serial: UInt32)?) -> Void
    ) throws -> DconfNotifyListener {
        let connection = try SessionBusConnection(environment: environment)
        let (stopReader, stopWriter) = try Syscall.pipe()
        let rule = "type='signal',interface='ca.desrt.dconf.Writer',member='Notify',path='\(writerPath)'"
        let listening = Listening(connection: connection, stop: stopReader)
        let failure = DetachedThread.start {
            defer { try? listening.stop.close() }
            do throws(SessionBusConnection.Failure) {
                try listening.connection.listen(to: rule, until: listening.stop) { signal in
                    if let paths = Self.paths(of: signal) {
                        onNotify(paths, signal.sender.map { (sender: $0, serial: signal.serial) })
                    }
                }
            } catch {
                // GSettings still delivers every change, a little later.
                PrefsLogging.logger.warning(
                    "dconf's changes are heard through GIO alone: \(error.reason)", metadata: ["store": "GSettings"])
            }
        }
        guard failure == 0 else {
            try? stopReader.close()
            try? stopWriter.close()
            throw Errno(rawValue: failure)
        }
        return DconfNotifyListener(stopWriter: stopWriter)
    }

    /// Ends the listening: the pipe's read end, which the thread polls, hangs up; the thread closes its connection.
    func stop() {
        try? stopWriter.close()
    }

    /// The paths a `Notify(s prefix, as changes, s tag)` signal names: the prefix joined to each change.
    static func paths(of signal: BusMessage.Received) -> [String]? {
        guard signal.interface == "ca.desrt.dconf.Writer", signal.member == "Notify", signal.signature == "sass" else {
            return nil
        }
        var body = signal.body
        guard let prefix = body.string(), let changes = body.strings() else { return nil }
        return changes.map { prefix + $0 }
    }

    /// What the listening thread owns: handed over whole, so that nothing else touches it.
    private final class Listening: @unchecked Sendable {
        let connection: SessionBusConnection
        let stop: FileDescriptor

        init(connection: SessionBusConnection, stop: FileDescriptor) {
            self.connection = connection
            self.stop = stop
        }
    }
}
