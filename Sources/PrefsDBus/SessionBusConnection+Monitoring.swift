import PrefsSystem
package import Synchronization
package import SystemPackage

extension SessionBusConnection {
    /// Makes this connection a monitor of the bus (`BecomeMonitor`), as `dbus-monitor` is: from the bus's reply on,
    /// it receives every message the rules let through, which ``readMonitored(until:onMessage:)`` hands over.
    ///
    /// A monitor sees calls between other connections, with their senders, which is how a change made through a
    /// service (dconf's `Change`, xfconfd's `SetProperty`) can be told apart by who asked for it. The bus lets a
    /// connection monitor only what its own user may see; a monitor sends nothing more, or the bus closes it.
    ///
    /// - Parameter rules: The match rules, such as `type='method_call',interface='ca.desrt.dconf.Writer'`.
    /// - Throws: ``Failure/error(name:message:)`` when the bus refuses (one that allows no monitors);
    ///   ``Failure/failed(_:)`` when it does not answer.
    package func becomeMonitor(_ rules: [String]) throws(Failure) {
        try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus.Monitoring", member: "BecomeMonitor", signature: "asu"
        ) { body in
            body.array(alignment: 4) { elements in
                for rule in rules { elements.string(rule) }
            }
            body.uint32(0)
        }
    }

    /// Hands each message a monitor receives to `onMessage`, on the calling thread, until `stop` becomes readable.
    ///
    /// - Parameters:
    ///   - stop: A descriptor that becomes readable when monitoring must end: the read end of a pipe.
    ///   - busy: Set from before bytes are taken off the socket until every message in them has been handed over,
    ///     so that another thread can tell a monitor that has caught up (``isCaughtUp(busy:)``).
    ///   - onMessage: Called with each message, in the order the bus routed them.
    /// - Throws: ``Failure/failed(_:)`` when the bus sends what is not D-Bus, or goes away.
    package func readMonitored(
        until stop: FileDescriptor, busy: borrowing Atomic<Bool>, onMessage: (BusMessage.Received) -> Void
    ) throws(Failure) {
        while true {
            while let message = try nextMessage() { onMessage(message) }
            busy.store(false, ordering: .sequentiallyConsistent)
            guard try waitReadable(orStopped: stop) else { return }
            busy.store(true, ordering: .sequentiallyConsistent)
            try readAvailable(before: "a message to monitor")
        }
    }

    /// Whether a monitor has handed over every message the bus has sent it so far; safe from any thread.
    ///
    /// None waits in the socket, and none taken off it is still being handed over.
    ///
    /// The bus queues a call to its monitors as it routes it to the service, so a monitor that has caught up when the
    /// service's signal has arrived elsewhere has heard the call that caused it.
    ///
    /// - Parameter busy: The flag ``readMonitored(until:busy:onMessage:)`` sets.
    /// - Returns: `true` once every message sent so far has been handed over.
    package func isCaughtUp(busy: borrowing Atomic<Bool>) -> Bool {
        // The socket first: bytes gone from it were taken by a reader that set `busy` before taking them.
        // A socket that cannot be polled has nothing more to hand over: the reader's own poll ends it too.
        let waiting = (try? Syscall.pollReadable([descriptor], timeoutMilliseconds: 0).first) ?? false
        return !waiting && !busy.load(ordering: .sequentiallyConsistent)
    }

    /// The process id of the program behind a connection, as the bus took it from the connection's socket.
    ///
    /// - Parameter busName: The connection's unique name (`:1.42`), or a name it owns.
    /// - Returns: The process id.
    /// - Throws: ``Failure/error(name:message:)`` when the connection has gone (`NameHasNoOwner`).
    package func processID(of busName: String) throws(Failure) -> Int32 {
        var reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", signature: "s"
        ) { $0.string(busName) }.body
        guard let pid = reply.uint32(), let id = Int32(exactly: pid) else {
            throw .failed("the bus sent no process id for \(busName)")
        }
        return id
    }
}
