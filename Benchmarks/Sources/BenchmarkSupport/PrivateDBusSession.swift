import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus session bus of the benchmark's own, whose dconf service keeps its database in a temporary folder: GNOME
/// settings benchmarks never read or change the user's.
///
/// The bus is `dbus-daemon --session --fork`, started with the session's folders in its environment, so that the
/// dconf service it starts on demand writes under them too. Every process of the session gets ``environment``.
public final class PrivateDBusSession: Sendable {
    /// The session's folder: `home`, `config` (where dconf keeps the user database), `runtime` and `state`.
    public let root: URL
    /// The variables every process of the session runs with.
    public let environment: [String: String]
    private let daemon: pid_t

    /// Starts the bus.
    ///
    /// - Parameter desktop: The desktop the session is (`XDG_CURRENT_DESKTOP`), when it is one: the machine view
    ///   lists that desktop's store first.
    /// - Throws: When the folders cannot be made or `dbus-daemon` does not start.
    public init(desktop: String? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-dbus-\(UUID().uuidString)")
        for folder in ["home", "config", "runtime", "state"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        var variables = ProcessInfo.processInfo.environment
        // The system's schemas and the default dconf profile, as a desktop session has them.
        for name in ["DCONF_PROFILE", "GSETTINGS_BACKEND", "GSETTINGS_SCHEMA_DIR", "DBUS_SESSION_BUS_ADDRESS"] {
            variables[name] = nil
        }
        variables["XDG_CURRENT_DESKTOP"] = desktop
        variables["HOME"] = root.appendingPathComponent("home").path
        variables["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        variables["XDG_RUNTIME_DIR"] = root.appendingPathComponent("runtime").path
        variables["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        let printed = try MeasuredRun.output(
            "/usr/bin/dbus-daemon", ["--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
            environment: variables
        ).split(separator: "\n")
        guard printed.count >= 2, let pid = pid_t(printed[1].trimmingCharacters(in: .whitespaces)) else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed \(printed), not a bus"])
        }
        daemon = pid
        variables["DBUS_SESSION_BUS_ADDRESS"] = String(printed[0])
        environment = variables
    }

    deinit { stop() }

    /// Ends the bus, and the dconf service with it, and removes the session's folder.
    public func stop() {
        // The dconf service leaves when its bus closes.
        kill(daemon, SIGTERM)
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs a program in the session, with its output discarded, and waits for it.
    ///
    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments.
    /// - Returns: Its exit status and peak resident set size.
    /// - Throws: When it cannot be started, or fails.
    @discardableResult
    public func run(_ path: String, _ arguments: [String]) throws -> MeasuredRun {
        try MeasuredRun.run(path, arguments, environment: environment)
    }
}
