import Synchronization
public import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a tool wrote, kept instead of going to the standard streams: how tests run PrefsTools in-process.
///
/// Set it around the work with `Output.$capture.withValue(capture) { … }`; every write of ``Output`` in that task
/// lands here.
public final class OutputCapture: Sendable {
    private let streams = Mutex<(output: Data, error: Data)>((Data(), Data()))

    /// The error every write to standard output fails with, as on a full disk or a closed descriptor, or `nil`.
    let failure: Errno?

    /// What standard input holds for the captured work.
    let input: Data

    /// Whether the work is told its standard streams are a terminal, where questions are asked and answered from
    /// ``input`` line by line; otherwise they are pipes.
    let playsATerminal: Bool

    /// How much of ``input`` the answers to questions have read.
    private let answered = Mutex(0)

    /// Creates an empty capture.
    ///
    /// - Parameters:
    ///   - failure: The error writes to standard output fail with, to test how a tool reports lost output.
    ///   - input: What the work reads as standard input (`-`), or the answers it reads on a terminal; nothing, as
    ///     `< /dev/null` gives, unless set.
    ///   - playsATerminal: Whether the work is told its standard streams are a terminal.
    public init(failingOutputWith failure: Errno? = nil, input: Data = Data(), playsATerminal: Bool = false) {
        self.failure = failure
        self.input = input
        self.playsATerminal = playsATerminal
    }

    /// The next line of ``input``, as a person types an answer, or `nil` at its end.
    func readLine() -> String? {
        answered.withLock { start in
            guard start < input.count else { return nil }
            let rest = input[(input.startIndex + start)...]
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            start = end - input.startIndex + 1
            return String(decoding: rest[..<end], as: UTF8.self)
        }
    }

    /// What was written to standard output, as UTF-8 text.
    public var output: String { streams.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// What was written to standard error, as UTF-8 text.
    public var error: String { streams.withLock { String(decoding: $0.error, as: UTF8.self) } }

    /// Keeps bytes written to one stream.
    func append(_ data: Data, toError: Bool) {
        if !toError && failure != nil { return }
        streams.withLock { toError ? $0.error.append(data) : $0.output.append(data) }
    }
}
