import CPrefsSystem
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal's number, named, so that no caller needs the C library's constants.
package struct Signal: Hashable, Sendable {
    /// The number the kernel uses.
    package let rawValue: CInt

    /// A signal by its number, as read from a pipe signals are forwarded to.
    package init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// Ctrl-C (`SIGINT`).
    package static let interrupt = Signal(rawValue: SIGINT)
    /// A request to end (`SIGTERM`).
    package static let terminate = Signal(rawValue: SIGTERM)
    /// The terminal went away (`SIGHUP`).
    package static let hangUp = Signal(rawValue: SIGHUP)
    /// The terminal was resized (`SIGWINCH`).
    package static let windowChanged = Signal(rawValue: SIGWINCH)
    /// Ctrl-Z (`SIGTSTP`).
    package static let terminalStop = Signal(rawValue: SIGTSTP)
    /// A stopped process goes on (`SIGCONT`).
    package static let `continue` = Signal(rawValue: SIGCONT)
}

/// How this process receives signals.
package enum Signals {
    /// Unblocks signals a parent may have started this process with blocked (libdispatch's worker threads block
    /// them, and a blocked mask is inherited across `exec`).
    ///
    /// The corresponding C function is `pthread_sigmask`.
    package static func unblock(_ signals: [Signal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.rawValue) }
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Makes each signal write its number, as one byte, to a descriptor (a non-blocking pipe's writing end), so
    /// that a main loop reads signals as input.
    ///
    /// The corresponding C function is `sigaction`, through the shim's `cprefs_forward_signals`.
    package static func forward(_ signals: [Signal], to descriptor: FileDescriptor) throws(Errno) {
        let numbers = signals.map(\.rawValue)
        let result = numbers.withUnsafeBufferPointer {
            cprefs_forward_signals(descriptor.rawValue, $0.baseAddress, CInt($0.count))
        }
        if result != 0 { throw Errno(rawValue: errno) }
    }

    /// Gives signals their default action again.
    ///
    /// The corresponding C function is `sigaction`, through the shim's `cprefs_default_signals`.
    package static func restoreDefaults(_ signals: [Signal]) {
        let numbers = signals.map(\.rawValue)
        _ = numbers.withUnsafeBufferPointer { cprefs_default_signals($0.baseAddress, CInt($0.count)) }
    }

    /// Sends a signal to a process.
    ///
    /// The corresponding C function is `kill`.
    package static func send(_ signal: Signal, to pid: Int32) throws(Errno) {
        try Syscall.retrying { kill(pid, signal.rawValue) }
    }
}
