import PrefsStores
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `prefs` hands a command that names a PostgreSQL store to `prefs-postgres`, as `git` hands a remote's URL to
/// its `git-remote-https` helper: PostgresNIO links the whole of Foundation and ICU's data (55 MB of the binary, and
/// a millisecond of every start), which no other store needs.
public enum PostgresHandover {
    /// The helper's name, installed beside `prefs`.
    public static let helperName = "prefs-postgres"

    /// Replaces this process with `prefs-postgres`, given the same arguments, when the command line or
    /// `PREFS_STORE` names a PostgreSQL store; returns otherwise, and when no helper can be started, after making
    /// every use of such a store say so.
    ///
    /// - Parameters:
    ///   - arguments: The process's arguments, its name first.
    ///   - closedStreams: The standard streams that were closed when this process started (bit 0 for input, 1 for
    ///     output, 2 for error), closed again for the helper, which then sees them as the user left them.
    public static func handOverIfNamed(arguments: [String], closedStreams: CInt) {
        // `getenv` rather than ProcessInfo, whose environment dictionary costs every start of a command on a file.
        let prefsStore = getenv("PREFS_STORE").map { String(cString: $0) }
        let store = CommandLineWords.namedStore(in: Array(arguments.dropFirst()), prefsStore: prefsStore)
        guard CommandLineWords.namesPostgreSQL(store) else { return }
        let beside = ownDirectory().map { $0 + "/" + helperName }
        if let beside { execute(beside, arguments: arguments, closedStreams: closedStreams) }
        // Not beside this program: the first one on PATH.
        execute(helperName, arguments: arguments, closedStreams: closedStreams, searchingPath: true)
        PostgresOpener.refuse(
            saying: "PostgreSQL stores are opened by \(helperName), which is not installed beside prefs"
                + (ownDirectory().map { " (\($0))" } ?? "") + " or on PATH")
    }

    /// Makes the helper go on under the name it was started as (`prefs`, when ``handOverIfNamed(arguments:closedStreams:)``
    /// started it): the journal, `prefs log` and `prefs watch` name writers by their process name, which is the
    /// program's file otherwise.
    ///
    /// - Parameter arguments: The process's arguments, its name first.
    public static func continueUnderStartedName(arguments: [String]) {
        guard let started = arguments.first?.split(separator: "/").last, !started.isEmpty else { return }
        ProcessInfo.processInfo.processName = String(started)
    }

    /// The directory holding this program, or `nil` when the system does not say.
    ///
    /// The corresponding C function is `readlink`, of `/proc/self/exe`.
    private static func ownDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { readlink("/proc/self/exe", $0, buffer.count) } ?? -1
        }
        guard length > 0, length < buffer.count else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// Replaces this process with a program, with the same arguments, its name included; returns only when it
    /// cannot be started.
    ///
    /// The helper then goes on as the `prefs` the user ran, and the streams that were closed are closed for it too.
    ///
    /// The corresponding C functions are `execv` and `execvp`, and `close` and `open` for the streams.
    private static func execute(
        _ program: String, arguments: [String], closedStreams: CInt, searchingPath: Bool = false
    ) {
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        let streams = (0...2).filter { closedStreams & (1 << $0) != 0 }.map(CInt.init)
        for stream in streams { close(stream) }
        _ = pointers.withUnsafeBufferPointer { argv in
            guard let base = argv.baseAddress else { return CInt(-1) }
            return searchingPath ? execvp(program, base) : execv(program, base)
        }
        // Not started: this process goes on, with /dev/null on those numbers again, each landing on the lowest.
        for _ in streams { _ = open("/dev/null", O_RDWR) }
    }
}
