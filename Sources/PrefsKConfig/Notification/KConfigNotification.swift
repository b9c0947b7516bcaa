import Logging
import PrefsCore
import PrefsDBus

/// KDE's announcement of a saved change, which running KDE programs re-read their settings on: the session bus
/// signal `org.kde.kconfig.notify.ConfigChanged` on the path `/<file>` (every character outside `[A-Za-z0-9_/]`
/// made `_`, as `kconfigDBusSanitizePath` does), carrying `a{saay}`: each group's name (nested groups joined by
/// `\u{1D}`, `<default>` for the default group) with the names of its changed keys.
///
/// It is sent on a connection of its own (`SessionBusConnection`, the one D-Bus client the stores share), to the
/// session bus found where GDBus finds it (`DBUS_SESSION_BUS_ADDRESS`, or `$XDG_RUNTIME_DIR/bus`), and never starts
/// one: a write made where no bus runs has nobody to tell.
enum KConfigNotification {
    /// The D-Bus interface and member KConfig uses.
    static let interface = "org.kde.kconfig.notify"
    static let member = "ConfigChanged"

    /// The object path of a file's signal.
    ///
    /// - Parameter suite: The file's path under the configuration folder.
    /// - Returns: `/` and the path, sanitized as KConfig does it.
    static func objectPath(of suite: String) -> String {
        var path = "/"
        for unit in suite.utf16 {
            let isPlain =
                (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
                || unit == 0x5F || unit == 0x2F
            path.append(isPlain ? Character(Unicode.Scalar(UInt8(unit))) : "_")
        }
        return path
    }

    /// The signal's argument: each group with the names of its changed keys, groups in order.
    ///
    /// - Parameter keys: The keys changed.
    /// - Returns: The groups as KConfig names them, each with its keys.
    static func payload(_ keys: [KConfigKeyPath]) -> [(group: String, keys: [String])] {
        var groups: [(group: String, keys: [String])] = []
        for key in keys {
            if let index = groups.firstIndex(where: { $0.group == key.notifiedGroup }) {
                groups[index].keys.append(key.key)
            } else {
                groups.append((key.notifiedGroup, [key.key]))
            }
        }
        return groups
    }

    /// Announces the keys a write changed, when a session bus runs; a failure to announce is logged, since the write
    /// itself is made.
    ///
    /// - Parameters:
    ///   - suite: The file's path under the configuration folder.
    ///   - keys: The keys changed.
    ///   - environment: Where the session bus is found.
    static func configChanged(_ suite: String, keys: [KConfigKeyPath], environment: [String: String]) {
        guard !keys.isEmpty else { return }
        let groups = payload(keys)
        do throws(SessionBusConnection.Failure) {
            let bus = try SessionBusConnection(environment: environment)
            try bus.emit(path: objectPath(of: suite), interface: interface, member: member, signature: "a{saay}") {
                body in
                body.array(alignment: 8) { entries in
                    for (group, names) in groups {
                        entries.structure { entry in
                            entry.string(group)
                            entry.array(alignment: 4) { list in
                                for name in names { list.byteArray(Array(name.utf8)) }
                            }
                        }
                    }
                }
            }
        } catch .unreachable(let reason) {
            // No bus runs here (nobody to tell), or one this client does not reach, which is said.
            guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return }
            warn(suite, reason)
        } catch {
            warn(suite, error.reason)
        }
    }

    private static func warn(_ suite: String, _ reason: String) {
        PrefsLogging.logger.warning(
            "\(TextEscaping.escaped("running KDE programs were not told of the change to \(suite): \(reason)"))")
    }
}
