/// Where a key's effective value comes from.
///
/// A read takes the first of: a launch-argument override; a value an administrator locked; the user's value; the
/// system layers in order; the registered or schema default (see ``SystemLayers/resolve(_:user:)``).
public enum ValueSource: Sendable, Hashable {
    /// A launch argument overrode the store; it is never written.
    case launchArgument
    /// A lock file fixes the key: its value is the system layers' (or the default), and writes are refused.
    case locked(by: String)
    /// The user's own value.
    case user
    /// A system layer: the file or table that holds it.
    case system(String)
    /// Nothing holds it: the registered or schema default.
    case `default`

    /// The source for people, on one line: "set by the system (/etc/xdg/app.plist)".
    public var description: String {
        switch self {
        case .launchArgument: "a launch argument"
        case .locked(let file): "locked by \(file)"
        case .user: "the user"
        case .system(let file): "the system (\(file))"
        case .default: "the default"
        }
    }

    /// The system layer or lock file the value comes from, for ``system(_:)`` and ``locked(by:)``.
    public var file: String? {
        switch self {
        case .system(let file), .locked(let file): file
        case .launchArgument, .user, .default: nil
        }
    }
}
