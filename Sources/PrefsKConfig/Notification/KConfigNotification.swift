import Logging
import PrefsCore

#if canImport(CGio)
import CGio
#endif

/// KDE's announcement of a saved change, which running KDE programs re-read their settings on: the session bus
/// signal `org.kde.kconfig.notify.ConfigChanged` on the path `/<file>` (every character outside `[A-Za-z0-9_/]`
/// made `_`, as `kconfigDBusSanitizePath` does), carrying `a{saay}`: each group's name (nested groups joined by
/// `\u{1D}`, `<default>` for the default group) with the names of its changed keys.
///
/// It is sent through GIO's D-Bus client, loaded when first needed (``SessionBus``), and only to a session bus that
/// is running (`DBUS_SESSION_BUS_ADDRESS`, or `$XDG_RUNTIME_DIR/bus`): GIO would otherwise start one. A write made
/// where no bus runs has nobody to tell.
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
        #if canImport(CGio)
        do {
            try SessionBus.emit(
                path: objectPath(of: suite), interface: interface, member: member, payload: payload(keys),
                environment: environment)
        } catch {
            PrefsLogging.logger.warning(
                "\(TextEscaping.escaped("running KDE programs were not told of the change to \(suite): \(error)"))")
        }
        #endif
    }
}
