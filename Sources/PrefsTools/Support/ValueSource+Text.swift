public import PrefsCore

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

    /// The source as a JSON object: `{"source": "locked", "file": "/etc/xdg/app.locks"}`.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["source": name]
        if let file { object["file"] = file }
        return object
    }
}
