import Dispatch
import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

/// xfconfd's `PropertyChanged` and `PropertyRemoved` signals, heard on a session-bus connection and a thread of their
/// own, each applied to its channel in the order xfconfd sent them.
///
/// The thread only reads the bus and compares: a channel compares what a signal announces with what it saw under its
/// own lock, so a change this process made is never told twice, and a writer never waits on the thread.
enum XfconfSignals {
    /// xfconfd's signals: its interface, at its one object.
    static let rule = "type='signal',interface='\(XfconfBus.interface)',path='\(XfconfBus.path)'"

    /// Starts hearing the signals, and returns once the bus has taken the rule: a change made after it is heard.
    ///
    /// - Parameter store: The store whose channels hear them; its observers are told when the listening dies.
    /// - Returns: The listening, to ``Listening/end()``.
    /// - Throws: ``XfconfStoreError/unreachable(_:)`` when the bus cannot be reached or refuses the rule in time.
    static func listen(for store: XfconfStore) throws(XfconfStoreError) -> Listening {
        let listening: Listening
        do {
            let (stopReader, stopWriter) = try Syscall.pipe()
            listening = Listening(
                connection: try SessionBusConnection(environment: ProcessEnvironment.current), stop: stopReader,
                stopWriter: stopWriter)
        } catch let failure as SessionBusConnection.Failure {
            throw .unreachable(failure.reason)
        } catch {
            throw .unreachable("xfconfd's change signals: \(error)")
        }
        let ready = DispatchSemaphore(value: 0)
        let outcome = Mutex<String?>(nil)
        let failure = DetachedThread.start { [weak store] in
            defer {
                // A pipe end's close that fails has still released it (Linux): nothing is left to do.
                try? listening.stop.close()
                listening.ended()
            }
            do throws(SessionBusConnection.Failure) {
                try listening.connection.listen(
                    to: rule, until: listening.stop, onListening: { ready.signal() },
                    onSignal: { signal in if let store { received(signal, by: store) } })
            } catch {
                let problem = "xfconfd's change signals are no longer heard: \(error.reason)"
                outcome.withLock { $0 = problem }
                ready.signal()
                store?.changeNotifier.report(XfconfStoreError.unreachable(problem))
            }
        }
        guard failure == 0 else {
            // No thread took the read end: closed here, and a close that fails has still released it.
            try? listening.stop.close()
            listening.end()
            throw .unreachable("xfconfd's change signals: no thread to hear them (\(Errno(rawValue: failure)))")
        }
        guard ready.wait(timeout: .now() + .seconds(Int(SessionBusConnection.timeout.components.seconds))) == .success
        else {
            listening.end()
            throw .unreachable("the session bus did not take xfconfd's signal rule in \(SessionBusConnection.timeout)")
        }
        if let problem = outcome.withLock({ $0 }) {
            listening.end()
            throw .unreachable(problem)
        }
        return listening
    }

    /// Applies a signal to its channel, when it is xfconfd's and its channel is open or observed.
    private static func received(_ signal: BusMessage.Received, by store: XfconfStore) {
        guard signal.interface == XfconfBus.interface, signal.path == XfconfBus.path else { return }
        var body = signal.body
        guard let channel = body.string(), let property = body.string() else { return }
        let value: PropertyListValue?
        switch (signal.member, signal.signature) {
        case ("PropertyChanged", "ssv"):
            guard case .variant(let wire)? = body.value(ofType: "v"), let variant = XfconfWire.variant(of: wire) else {
                return
            }
            value = VariantConversion.value(of: variant)
        case ("PropertyRemoved", "ss"):
            value = nil
        default:
            return
        }
        let cause = signal.sender.map { (sender: $0, serial: signal.serial) }
        store.channel(forSignalOf: channel)?.apply(property, value, announcedBy: cause)
    }

    /// What the listening thread owns: handed over whole, so that nothing else reads the connection; the pipe's write
    /// end, closed once to end it.
    final class Listening: @unchecked Sendable {
        fileprivate let connection: SessionBusConnection
        fileprivate let stop: FileDescriptor
        private let stopWriter: Mutex<FileDescriptor?>
        private let running = Atomic<Bool>(true)

        /// Whether the thread still hears the signals.
        var isListening: Bool { running.load(ordering: .acquiring) }

        /// Called by the thread as it ends.
        fileprivate func ended() { running.store(false, ordering: .releasing) }

        fileprivate init(connection: SessionBusConnection, stop: FileDescriptor, stopWriter: FileDescriptor) {
            self.connection = connection
            self.stop = stop
            self.stopWriter = Mutex(stopWriter)
        }

        /// Ends the listening: the pipe's read end, which the thread polls, hangs up.
        func end() {
            let writer = stopWriter.withLock { writer in
                defer { writer = nil }
                return writer
            }
            // Closing the write end is the message; a close that fails has still released it, and hung up.
            try? writer?.close()
        }
    }
}
