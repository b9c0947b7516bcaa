import Logging
import Synchronization

/// A launch argument (`-theme purple`) that is not one of its key's values, so reads ignore it.
public struct IgnoredLaunchArgument: Sendable, Hashable, CustomStringConvertible {
    /// The key it names.
    public let key: String
    /// The text given after `-<key>`.
    public let text: String
    /// Why it is not one of the key's values.
    public let reason: String

    /// Creates a record of an ignored argument.
    ///
    /// - Parameters:
    ///   - key: The key it names.
    ///   - text: The text given.
    ///   - reason: Why it is not one of the key's values.
    public init(key: String, text: String, reason: String) {
        self.key = key
        self.text = text
        self.reason = reason
    }

    /// One line: `launch argument -theme "purple" ignored: <reason>`.
    public var description: String {
        "launch argument -\(TextEscaping.escaped(key)) \(TextEscaping.quoted(text)) ignored: "
            + TextEscaping.escaped(reason)
    }

    /// The keys whose ignored argument this process has reported: each is said once, not at every read.
    private static let reported = Mutex<Set<String>>([])

    /// Reports the argument through ``PrefsLogging/logger`` the first time this process meets it.
    func reportOnce() {
        let isFirst = Self.reported.withLock { $0.insert(key + "\u{0}" + text).inserted }
        if isFirst { PrefsLogging.logger.error("\(description)") }
    }
}

/// Why a launch argument's text is not a value of its key.
struct LaunchArgumentRejection: Error {
    let reason: String
}
