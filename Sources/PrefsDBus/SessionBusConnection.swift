import PrefsSystem
package import SystemPackage

/// A connection of its own to the session bus, without GIO: connect and authenticate as this process's user (SASL
/// `EXTERNAL`) when opened, then `Hello` and the first call in one write, and each call's reply waited for.
///
/// A `prefs` command that writes one dconf change needs nothing more of D-Bus; GDBus would cost it a millisecond and a
/// half of loading and two threads. An address with no Unix socket in it is ``Failure/unreachable(_:)``, and the
/// caller goes through GDBus instead, which knows every transport; a bus that cannot be reached or refuses the user
/// fails here, as it would in GDBus, before anything is sent.
package final class SessionBusConnection {
    /// Why the call was not made.
    package enum Failure: Error, Equatable {
        /// The bus is not one reached here: the caller may go through GDBus, which reaches more kinds of bus.
        case unreachable(String)
        /// The bus could not be reached, or the call went unanswered.
        case failed(String)
        /// The service (or the bus) answered the call with an error: its D-Bus name and its message.
        case error(name: String, message: String?)

        /// What went wrong, in one line.
        package var reason: String {
            switch self {
            case .unreachable(let reason), .failed(let reason): reason
            case .error(let name, let message): [name, message].compactMap { $0 }.joined(separator: ": ")
            }
        }
    }

    /// How long a call waits for its reply, as GDBus's default timeout.
    package static let timeout: Duration = .seconds(25)

    let descriptor: FileDescriptor
    /// What the bus sent that has not been read yet.
    var received: [UInt8] = []
    /// The serial of the next message sent; `Hello` is 1.
    private var nextSerial: UInt32 = 2
    /// Whether `BEGIN` and `Hello` have been sent, with the first message.
    private var begun = false

    /// Connects to the session bus and authenticates.
    ///
    /// - Parameter environment: The environment that names the bus.
    /// - Throws: ``Failure/unreachable(_:)`` for an address GDBus alone reaches; ``Failure/failed(_:)`` when the bus
    ///   cannot be reached or refuses this user.
    package init(environment: [String: String]) throws(Failure) {
        let sockets = SessionBusAddress.sockets(environment: environment) { (try? Stat(FilePath($0))) != nil }
        var connected: FileDescriptor?
        var problems: [String] = []
        for socket in sockets where connected == nil {
            do {
                connected = try Syscall.connectUnixSocket(socket)
            } catch {
                problems.append("\(String(decoding: socket.filter { $0 != 0 }, as: UTF8.self)): \(error)")
            }
        }
        // GDBus would fail on the same sockets: only an address of another transport is left to it.
        guard !sockets.isEmpty else { throw .unreachable("no Unix socket in the session bus's address") }
        guard let connected else {
            throw .failed("cannot connect to the session bus: \(problems.joined(separator: "; "))")
        }
        descriptor = connected
        try authenticate(deadline: .now + Self.timeout)
    }

    deinit {
        try? descriptor.close()
    }

    /// Calls a method and waits for its reply; signals that arrive meanwhile are dropped.
    ///
    /// - Parameters:
    ///   - destination: The service's bus name; the bus starts the service when it is not running.
    ///   - path: The object's path.
    ///   - interface: The method's interface.
    ///   - member: The method's name.
    ///   - signature: The arguments' signature.
    ///   - arguments: Marshals the arguments.
    /// - Returns: The reply, its body ready to read.
    /// - Throws: ``Failure/error(name:message:)`` with the service's error; ``Failure/failed(_:)`` when no reply came.
    @discardableResult
    package func call(
        destination: String, path: String, interface: String, member: String, signature: String = "",
        arguments: (inout Marshaller) -> Void = { _ in }
    ) throws(Failure) -> BusMessage.Received {
        let deadline = ContinuousClock.now + Self.timeout
        let serial = takeSerial()
        try send(
            BusMessage.methodCall(
                serial: serial, destination: destination, path: path, interface: interface, member: member,
                signature: signature, arguments: arguments))
        return try reply(to: serial, deadline: deadline, waitingFor: "\(interface).\(member)")
    }

    /// Sends a signal, and waits until the bus has taken it: a `Ping` of the bus sent after it is answered only once
    /// the bus has read and routed what came before.
    ///
    /// - Parameters:
    ///   - path: The object's path the signal comes from.
    ///   - interface: The signal's interface.
    ///   - member: The signal's name.
    ///   - signature: The arguments' signature.
    ///   - arguments: Marshals the arguments.
    /// - Throws: ``Failure/failed(_:)`` when the bus cannot be written or does not answer.
    package func emit(
        path: String, interface: String, member: String, signature: String, arguments: (inout Marshaller) -> Void
    ) throws(Failure) {
        let deadline = ContinuousClock.now + Self.timeout
        let signal = BusMessage.signal(
            serial: takeSerial(), path: path, interface: interface, member: member, signature: signature,
            arguments: arguments)
        // The ping's reply is the one waited for; the signal goes first, in the same write.
        let serial = takeSerial()
        let ping = BusMessage.methodCall(
            serial: serial, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus.Peer", member: "Ping")
        try send(signal + ping)
        _ = try reply(to: serial, deadline: deadline, waitingFor: "the bus to take \(interface).\(member)")
    }

    /// Subscribes to signals and hands each to `onSignal`, on the calling thread, until `stop` becomes readable.
    ///
    /// - Parameters:
    ///   - match: The match rule, such as `type='signal',path='/ca/desrt/dconf/Writer/user'`.
    ///   - stop: A descriptor that becomes readable when listening must end: the read end of a pipe.
    ///   - onListening: Called once the bus has taken the rule: a signal sent after it is heard.
    ///   - onSignal: Called with each signal the rule lets through, in the order the bus sent them.
    /// - Throws: ``Failure/failed(_:)`` when the bus refuses the rule, sends what is not D-Bus, or goes away.
    package func listen(
        to match: String, until stop: FileDescriptor, onListening: () -> Void = {},
        onSignal: (BusMessage.Received) -> Void
    ) throws(Failure) {
        let serial = takeSerial()
        try send(
            BusMessage.methodCall(
                serial: serial, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "AddMatch", signature: "s"
            ) { $0.string(match) })
        while true {
            while let message = try nextMessage() {
                if message.kind == .signal {
                    onSignal(message)
                } else if try isReply(message, to: serial) {
                    onListening()
                }
            }
            guard try waitReadable(orStopped: stop) else { return }
            try readAvailable(before: "a signal")
        }
    }

    /// The serial of a message about to be sent.
    func takeSerial() -> UInt32 {
        defer { nextSerial = nextSerial == .max ? 2 : nextSerial + 1 }
        return nextSerial
    }

    /// Sends messages; before the first, `BEGIN` and the bus's `Hello` (serial 1), in the same write: the bus handles
    /// them in order, so the first call need not wait for `Hello`'s reply.
    func send(_ messages: [UInt8]) throws(Failure) {
        var bytes = messages
        if !begun {
            let hello = BusMessage.methodCall(
                serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "Hello")
            bytes = Array("BEGIN\r\n".utf8) + hello + messages
            begun = true
        }
        do {
            try Syscall.sendAll(descriptor, bytes)
        } catch {
            throw .failed("the session bus: \(error)")
        }
    }

    /// Waits for the reply to a call, reading past whatever else the bus sends.
    private func reply(
        to serial: UInt32, deadline: ContinuousClock.Instant, waitingFor what: String
    ) throws(Failure) -> BusMessage.Received {
        while true {
            while let message = try nextMessage() {
                if try isReply(message, to: serial) { return message }
            }
            try receive(deadline: deadline, waitingFor: what)
        }
    }

    /// Whether a message is the reply to the message of a serial.
    ///
    /// - Throws: ``Failure/error(name:message:)`` when it, or `Hello`'s reply, is an error.
    func isReply(_ message: BusMessage.Received, to serial: UInt32) throws(Failure) -> Bool {
        // Hello's reply, the bus's NameAcquired signal, then the call's reply.
        guard let answered = message.replySerial, answered == 1 || answered == serial else { return false }
        if message.kind == .error {
            throw .error(name: message.errorName ?? "an error without a name", message: message.errorMessage)
        }
        return answered == serial
    }

    /// The next whole message received, taken off ``received``; `nil` until one has arrived.
    func nextMessage() throws(Failure) -> BusMessage.Received? {
        do {
            guard let (message, length) = try BusMessage.read(from: received[...]) else { return nil }
            received.removeFirst(length)
            return message
        } catch {
            throw .failed("the session bus sent \(error.reason)")
        }
    }
}
