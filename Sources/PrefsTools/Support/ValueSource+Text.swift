public import PrefsKit

extension ValueSource {
    /// The source's kind as `read --sources --json` and `describe --json` name it: `user`, `system`, `locked`,
    /// `default` or `launch-argument`.
    public var name: String {
        switch self {
        case .launchArgument: "launch-argument"
        case .locked: "locked"
        case .user: "user"
        case .system: "system"
        case .default: "default"
        }
    }

    /// The system layer or lock file the value comes from, for `system` and `locked`.
    public var file: String? {
        switch self {
        case .system(let file), .locked(let file): file
        case .launchArgument, .user, .default: nil
        }
    }

    /// The source as a JSON object: `{"source": "locked", "file": "/etc/xdg/app.locks"}`.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["source": name]
        if let file { object["file"] = file }
        return object
    }
}
