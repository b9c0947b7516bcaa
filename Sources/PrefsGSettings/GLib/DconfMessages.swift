import CGio
import Synchronization

/// The warnings the dconf backend logs, kept instead of printed: a write the dconf service did not store is reported
/// only this way (`failed to commit changes to dconf: …`), after `g_settings_set_value` has returned.
enum DconfMessages {
    private static let messages = Mutex<[String]>([])
    private static let installed = Mutex(false)

    /// Starts keeping the dconf backend's warnings; later calls do nothing.
    ///
    /// Called once GIO is loaded (``GIOLibrary``).
    ///
    /// The corresponding C function is `g_log_set_handler`.
    static func install() {
        let first = installed.withLock { installed in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        let levels = GLogLevelFlags(CGIO_LOG_LEVEL_WARNING | CGIO_LOG_LEVEL_CRITICAL | CGIO_LOG_LEVEL_MESSAGE)
        for domain in ["dconf", "GLib-GIO"] {
            _ = g_log_set_handler(
                domain, levels,
                { _, _, message, _ in
                    let text = message.map { String(cString: $0) } ?? "unknown"
                    DconfMessages.messages.withLock { messages in
                        // Bounded: a backend that warns in a loop must not grow the process without limit.
                        if messages.count < 64 { messages.append(text) }
                    }
                }, nil)
        }
    }

    /// The warnings logged since the last call, oldest first.
    static func take() -> [String] {
        messages.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }
}
