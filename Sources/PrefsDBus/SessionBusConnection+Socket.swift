import PrefsSystem
import SystemPackage

extension SessionBusConnection {
    /// Waits until the bus has sent something, or `stop` becomes readable.
    ///
    /// - Parameter stop: The read end of a pipe whose write end is closed when the waiting must end.
    /// - Returns: `false` when `stop` ended it; `true` when the socket has bytes to read.
    /// - Throws: ``Failure/failed(_:)`` when the sockets cannot be polled.
    func waitReadable(orStopped stop: FileDescriptor) throws(Failure) -> Bool {
        let ready: [Bool]
        do {
            ready = try Syscall.pollReadable([descriptor, stop], timeoutMilliseconds: -1)
        } catch {
            throw .failed("the session bus: \(error)")
        }
        return !(ready.count > 1 && ready[1])
    }

    /// Authenticates as this process's effective user, whose id the bus checks against the socket's credentials.
    func authenticate(deadline: ContinuousClock.Instant) throws(Failure) {
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
    func receive(deadline: ContinuousClock.Instant, waitingFor what: String) throws(Failure) {
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
    func readAvailable(before what: String) throws(Failure) {
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
