package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Syscall {
    #if os(Linux)
    /// Opens a stream socket connected to a Unix socket's address.
    ///
    /// The corresponding C functions are `socket` (`AF_UNIX`, `SOCK_STREAM | SOCK_CLOEXEC`) and `connect`; tests
    /// inject a failure with ``SyscallFaults`` rules for `connect` under the socket's path.
    ///
    /// - Parameter address: The bytes of `sun_path`: a path, or a nul then a name in the abstract namespace.
    /// - Returns: The connected socket, closed on exec.
    /// - Throws: `Errno.nameTooLong` for an address `sun_path` cannot hold; the call's error otherwise.
    package static func connectUnixSocket(_ address: [UInt8]) throws(Errno) -> FileDescriptor {
        if let fault = SyscallFaults.shared.error(
            for: "connect", path: FilePath(String(decoding: address, as: UTF8.self)))
        {
            throw fault
        }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let abstract = address.first == 0
        // A path ends in a nul that sun_path must hold too; a name in the abstract namespace is counted exactly.
        guard address.count + (abstract ? 0 : 1) <= MemoryLayout.size(ofValue: socketAddress.sun_path) else {
            throw .fileNameTooLong
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count + (abstract ? 0 : 1))
        let descriptor = FileDescriptor(
            rawValue: try retrying { cSocket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0) })
        do throws(Errno) {
            try retrying {
                withUnsafePointer(to: &socketAddress) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cConnect(descriptor.rawValue, $0, length) }
                }
            }
        } catch {
            try? descriptor.close()
            throw error
        }
        return descriptor
    }

    /// Sends bytes on a connected socket, all of them, without the `SIGPIPE` a closed peer would raise.
    ///
    /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
    package static func sendAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) throws(Errno) {
        var sent = 0
        while sent < bytes.count {
            let count = try retrying {
                bytes.withUnsafeBytes { buffer in
                    cSend(
                        descriptor.rawValue, buffer.baseAddress?.advanced(by: sent), buffer.count - sent,
                        CInt(MSG_NOSIGNAL))
                }
            }
            sent += count
        }
    }

    #endif
}

#if os(Linux)
private let cSocket = socket
private let cConnect = connect
private let cSend = send
#endif
