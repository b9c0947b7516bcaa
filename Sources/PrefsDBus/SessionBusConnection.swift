import PrefsSystem
package import SystemPackage

/// A connection of its own to the session bus, without GIO, for one method call: connect and authenticate as this
/// process's user (SASL `EXTERNAL`) when opened, then `Hello` and the call in one write, and wait for the call's reply.
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
        /// The bus could not be reached, or the call failed or went unanswered.
        case failed(String)

        /// What went wrong, in one line.
        package var reason: String {
            switch self {
            case .unreachable(let reason), .failed(let reason): reason
            }
        }
    }

    /// How long a call waits for its reply, as GDBus's default timeout.
    package static let timeout: Duration = .seconds(25)

    private let descriptor: FileDescriptor
    /// What the bus sent that has not been read yet.
    private var received: [UInt8] = []

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

    /// Calls a method and waits for its reply.
    ///
    /// - Parameters:
    ///   - destination: The service's bus name; the bus starts the service when it is not running.
    ///   - path: The object's path.
    ///   - interface: The method's interface.
    ///   - member: The method's name.
    ///   - signature: The arguments' signature.
    ///   - arguments: Marshals the arguments.
    /// - Throws: ``Failure/failed(_:)`` with the service's error, or when no reply came.
    package func call(
        destination: String, path: String, interface: String, member: String, signature: String,
        arguments: (inout Marshaller) -> Void
    ) throws(Failure) {
        let deadline = ContinuousClock.now + Self.timeout
        try begin(
            with: BusMessage.methodCall(
                serial: 2, destination: destination, path: path, interface: interface, member: member,
                signature: signature, arguments: arguments))
        while true {
            while let message = try nextMessage() {
                if try isReply(message) { return }
            }
            try receive(deadline: deadline, waitingFor: "\(interface).\(member)")
        }
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
            serial: 3, path: path, interface: interface, member: member, signature: signature, arguments: arguments)
        // The ping is serial 2, the reply waited for; the signal goes first, in the same write.
        let ping = BusMessage.methodCall(
            serial: 2, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus.Peer", member: "Ping")
        try begin(with: signal + ping)
        while true {
            while let message = try nextMessage() {
                if try isReply(message) { return }
            }
            try receive(deadline: deadline, waitingFor: "the bus to take \(interface).\(member)")
        }
    }

    /// Subscribes to signals and hands each to `onSignal`, on the calling thread, until `stop` becomes readable.
    ///
    /// - Parameters:
    ///   - match: The match rule, such as `type='signal',path='/ca/desrt/dconf/Writer/user'`.
    ///   - stop: A descriptor that becomes readable when listening must end: the read end of a pipe.
    ///   - onSignal: Called with each signal the rule lets through, in the order the bus sent them.
    /// - Throws: ``Failure/failed(_:)`` when the bus refuses the rule, sends what is not D-Bus, or goes away.
    package func listen(
        to match: String, until stop: FileDescriptor, onSignal: (BusMessage.Received) -> Void
    ) throws(Failure) {
        try begin(
            with: BusMessage.methodCall(
                serial: 2, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "AddMatch", signature: "s"
            ) { $0.string(match) })
        while true {
            while let message = try nextMessage() {
                if message.kind == .signal { onSignal(message) } else { _ = try isReply(message) }
            }
            let ready: [Bool]
            do {
                ready = try Syscall.pollReadable([descriptor, stop], timeoutMilliseconds: -1)
            } catch {
                throw .failed("the session bus: \(error)")
            }
            if ready.count > 1, ready[1] { return }
            try readAvailable(before: "a signal")
        }
    }

    /// Sends `BEGIN`, the bus's `Hello` (serial 1), then a call (serial 2), in one write: the bus handles them in
    /// order, so the call need not wait for `Hello`'s reply.
    private func begin(with call: [UInt8]) throws(Failure) {
        let hello = BusMessage.methodCall(
            serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "Hello")
        do {
            try Syscall.sendAll(descriptor, Array("BEGIN\r\n".utf8) + hello + call)
        } catch {
            throw .failed("the session bus: \(error)")
        }
    }

    /// Whether a message is the reply to the call ``begin(with:)`` sent.
    ///
    /// - Throws: ``Failure/failed(_:)`` when it, or `Hello`'s reply, is an error.
    private func isReply(_ message: BusMessage.Received) throws(Failure) -> Bool {
        // Hello's reply, the bus's NameAcquired signal, then the call's reply.
        guard let serial = message.replySerial, serial == 1 || serial == 2 else { return false }
        if message.kind == .error {
            throw .failed([message.errorName, message.errorMessage].compactMap { $0 }.joined(separator: ": "))
        }
        return serial == 2
    }

    /// The next whole message received, taken off ``received``; `nil` until one has arrived.
    private func nextMessage() throws(Failure) -> BusMessage.Received? {
        do {
            guard let (message, length) = try BusMessage.read(from: received[...]) else { return nil }
            received.removeFirst(length)
            return message
        } catch {
            throw .failed("the session bus sent \(error.reason)")
        }
    }

    /// Authenticates as this process's effective user, whose id the bus checks against the socket's credentials.
    private func authenticate(deadline: ContinuousClock.Instant) throws(Failure) {
        let user = Array(String(Syscall.effectiveUserID()).utf8)
        let hex = user.map { byte in String(byte, radix: 16) }.joined()
        do {
            try Syscall.sendAll(descriptor, [0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8))
        } catch {
            throw .failed("the session bus: \(error)")
        }
        let lineEnd = Array("\r\n".utf8)
        while true {
            if let end = received.firstRange(of: lineEnd) {
                let line = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                received.removeSubrange(..<end.upperBound)
                guard line.hasPrefix("OK ") else { throw .failed("the session bus refused this user: \(line)") }
                return
            }
            guard received.count < 512 else { throw .failed("the session bus sent no SASL line") }
            try receive(deadline: deadline, waitingFor: "authentication")
        }
    }

    /// Appends what the socket has to `received`, waiting until the deadline for something to arrive.
    private func receive(deadline: ContinuousClock.Instant, waitingFor what: String) throws(Failure) {
        let left = deadline - ContinuousClock.now
        let milliseconds = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
        let ready: Bool
        do {
            ready = try Syscall.pollReadable([descriptor], timeoutMilliseconds: CInt(milliseconds)).first == true
        } catch {
            throw .failed("the session bus: \(error)")
        }
        guard ready else { throw .failed("no answer from the session bus to \(what) in \(Self.timeout)") }
        try readAvailable(before: what)
    }

    /// Appends what the socket has to `received`; the caller knows it is readable.
    private func readAvailable(before what: String) throws(Failure) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do {
            count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
        } catch {
            throw .failed("the session bus: \(error)")
        }
        guard count > 0 else { throw .failed("the session bus closed the connection before \(what)") }
        received += chunk[..<count]
    }
}
