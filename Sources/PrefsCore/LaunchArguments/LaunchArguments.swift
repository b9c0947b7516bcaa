/// Values given on the command line as `-key value`, which override stored values without being written.
///
/// As with `UserDefaults`' argument domain, `my-app -theme dark` reads `theme` as `dark` for that run. PrefsKit parses
/// the text as the key's type when the key is read, so `-launchCount 5` reads as the integer 5 and `-theme purple` for
/// an enumeration without that case is ignored.
///
/// An argument counts as a key when it starts with a single `-` and is followed by another argument, its value.
/// Arguments starting with `--` are left for the program's own options.
public struct LaunchArguments: Sendable, Hashable {
    /// The override text for each key.
    public let values: [String: String]

    /// Parses a command line.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    public init(_ arguments: [String]) {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let next = arguments.index(after: index)
            if argument.count > 1, argument.hasPrefix("-"), !argument.hasPrefix("--"), next < arguments.endIndex {
                values[String(argument.dropFirst())] = arguments[next]
                index = arguments.index(after: next)
            } else {
                index = next
            }
        }
        self.values = values
    }

    /// Creates overrides from a dictionary, as a test would.
    ///
    /// - Parameter values: The override text for each key.
    public init(values: [String: String]) {
        self.values = values
    }

    /// The override text for a key, if the command line gave one.
    ///
    /// - Parameter key: The key's identifier.
    public subscript(key: String) -> String? { values[key] }

    /// The arguments this process was launched with.
    public static let process = LaunchArguments(Array(CommandLine.arguments.dropFirst()))

    /// No overrides.
    public static let none = LaunchArguments(values: [:])
}
