import PrefsCore
import PrefsStores
import PrefsSystem
import PrefsTools
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
        let prefsStore = Environment.value("PREFS_STORE")
        let store = CommandLineWords.namedStore(in: Array(arguments.dropFirst()), prefsStore: prefsStore)
        guard let store, StoreKind.named(by: store)?.needsHelper == true else { return }
        // The URL's password stays out of the helper's arguments, which every user can read in /proc/PID/cmdline:
        // they name the store without it, and the URL itself goes in the environment, which only its owner can.
        let handed =
            Array(arguments.prefix(1))
            + CommandLineWords.replacingStore(in: Array(arguments.dropFirst())) { URLPassword.hidden(in: $0) }
        Environment.set(storeVariable, to: store)
        Environment.set(versionVariable, to: PrefsVersion.current)
        let beside = ownDirectory().map { $0 + "/" + helperName }
        if let beside { execute(beside, arguments: handed, closedStreams: closedStreams) }
        // Not beside this program: the first one on PATH.
        execute(helperName, arguments: handed, closedStreams: closedStreams, searchingPath: true)
        Environment.remove(storeVariable)
        Environment.remove(versionVariable)
        PostgresOpener.refuse(
            saying: "PostgreSQL stores are opened by \(helperName), which is not installed beside prefs"
                + (ownDirectory().map { " (\($0))" } ?? "") + " or on PATH")
    }

    /// The command line `prefs` handed over, as the user typed it.
    ///
    /// In `prefs-postgres`, the arguments with the store's URL put back from the environment, which is then cleared
    /// so that no child inherits it. A helper started by a
    /// `prefs` of another version ends here, with one line naming both: the two are built and installed together,
    /// and a stale helper on PATH would run commands as an older `prefs` understood them.
    ///
    /// - Parameter arguments: The process's arguments, its name first.
    /// - Returns: The arguments to run; `arguments` when the helper was started by hand.
    public static func receivedArguments(_ arguments: [String]) -> [String] {
        if let version = Environment.value(versionVariable), version != PrefsVersion.current {
            Output.error(
                "\(helperName) \(PrefsVersion.current) is not the helper of this prefs, which is \(TextEscaping.quoted(version)); "
                    + "install both from one build (scripts/install --with-postgres)")
            Processes.exit(1)
        }
        Environment.remove(versionVariable)
        guard let store = Environment.value(storeVariable) else { return arguments }
        Environment.remove(storeVariable)
        let shown = URLPassword.hidden(in: store)
        return Array(arguments.prefix(1))
            + CommandLineWords.replacingStore(in: Array(arguments.dropFirst())) { $0 == shown ? store : $0 }
    }

    /// Where `prefs` puts the store's URL for the helper.
    static let storeVariable = "PREFS_HANDOVER_STORE"

    /// Where `prefs` puts its version for the helper to check.
    static let versionVariable = "PREFS_HANDOVER_VERSION"

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
        guard let path = Paths.ownExecutable else { return nil }
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
        let streams = (0...2).filter { closedStreams & (1 << $0) != 0 }.map { FileDescriptor(rawValue: CInt($0)) }
        for stream in streams { try? stream.close() }
        _ = Processes.replace(with: program, arguments: arguments, searchingPath: searchingPath)
        // Not started: this process goes on, with /dev/null on those numbers again, each landing on the lowest.
        for _ in streams { _ = try? FileDescriptor.open("/dev/null", .readWrite) }
    }
}
