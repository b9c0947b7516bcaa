public import PrefsCore
import PrefsSystem
public import SystemPackage

/// Standard output could not take what a command wrote: a full disk, a closed or invalid descriptor, a reader that
/// went away.
public struct OutputFailure: CodedError, Sendable, CustomStringConvertible {
    /// The system's reason.
    public let errno: Errno

    /// Creates the error.
    ///
    /// - Parameter errno: Why the write failed.
    public init(errno: Errno) {
        self.errno = errno
    }

    /// Whether the reader of a pipe went away (`prefs read | head -1`): the output was not wanted any more, and the
    /// command ends without a word, as a C tool that SIGPIPE ends.
    public var readerWentAway: Bool { errno == .brokenPipe }

    public var code: ErrorCode { .io }

    public var description: String {
        "cannot write to standard output: \(ErrorText.of(errno.rawValue)); the output is incomplete"
    }
}
