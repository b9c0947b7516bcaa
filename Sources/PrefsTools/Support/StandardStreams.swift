import Synchronization
import SystemPackage

/// Standard input, output and error as the process received them, kept open.
///
/// A program started with one of them closed (`prefs import s - <&-`) would otherwise see the next file it opens
/// take that number: a suite's file opened as descriptor 1 would receive what `prefs` prints, and a runtime's
/// event descriptor taken as 0 would be read as the document. As C tools do, each closed one is opened on
/// `/dev/null` before anything else runs, and remembered, so that reading a closed standard input is still refused.
public enum StandardStreams {
    private static let closed = Mutex<Set<CInt>>([])

    /// Remembers the streams a program's start found closed and gave `/dev/null` itself, before any code could open
    /// a file on their numbers: the `prefs` programs do it in a C constructor, since an async `main` runs after
    /// libdispatch started its threads.
    ///
    /// - Parameter streams: Bit 0 for standard input, 1 for output, 2 for error.
    public static func recordClosedAtStart(_ streams: CInt) {
        guard streams != 0 else { return }
        closed.withLock { closed in
            for descriptor in [FileDescriptor.standardInput, .standardOutput, .standardError]
            where streams & (1 << descriptor.rawValue) != 0 {
                closed.insert(descriptor.rawValue)
            }
        }
    }

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, and remembers which were.
    ///
    /// Call it first thing in `main`, before anything opens a file or starts a thread.
    public static func reserve() {
        for descriptor in [FileDescriptor.standardInput, .standardOutput, .standardError] {
            do {
                _ = try descriptor.stat()
                continue
            } catch .badFileDescriptor {
            } catch {
                continue
            }
            // The lowest free number is the one just found closed, so the open lands on it.
            guard let opened = try? FileDescriptor.open("/dev/null", .readWrite) else { continue }
            closed.withLock { _ = $0.insert(descriptor.rawValue) }
            if opened != descriptor { try? opened.close() }
        }
    }

    /// Whether standard output was closed when the process started (see ``reserve()``): what is written to it is lost.
    public static var outputWasClosed: Bool {
        closed.withLock { $0.contains(FileDescriptor.standardOutput.rawValue) }
    }

    /// Whether standard input was closed when the process started (see ``reserve()``).
    public static var inputWasClosed: Bool { closed.withLock { $0.contains(FileDescriptor.standardInput.rawValue) } }
}
