import PrefsSystem

/// Which keys a recording keeps, by glob over `SUITE/KEY`: `--include`, `--exclude`, and the volatile keys left out
/// unless `--all`.
public struct RecordFilter: Sendable {
    /// Keys that change by themselves while a program runs, which a recording of what a person set would only be
    /// noise in: window frames and positions, last-check and last-sync times, recent-file lists, counters.
    ///
    /// Each names the word at a word's start (`windowFrame`, `lastSync`, `last-check`, `launchCount`, `unread-count`),
    /// so that `account`, `composition` or `framework` are kept.
    public static let volatile = [
        "*/*[Ww]indow*[Ff]rame*", "*/*[Ww]indow*[Pp]osition*", "*/*[Ww]indow*[Ss]ize*", "*/*[Gg]eometry*",
        "*/position", "*/[Ll]ast[A-Z_-]*", "*/*[-_.][Ll]ast[A-Z_-]*", "*/*[Rr]ecent[A-Z_-]*", "*/recent*",
        "*/*[a-z]Count", "*/*[-_]count", "*/*[a-z]Counter", "*/*[-_]counter",
    ]

    /// Globs a key must match one of, when any are given.
    public var include: [String]
    /// Globs a key must match none of.
    public var exclude: [String]
    /// Whether volatile keys are kept.
    public var keepsVolatile: Bool

    /// Creates a filter.
    public init(include: [String] = [], exclude: [String] = [], keepsVolatile: Bool = false) {
        (self.include, self.exclude, self.keepsVolatile) = (include, exclude, keepsVolatile)
    }

    /// Why a key is left out, or `nil` when it is kept: a key an `--include` names is kept even when volatile.
    ///
    /// - Returns: `excluded` or `volatile`.
    public func reasonToLeaveOut(suite: String, key: String) -> String? {
        let name = suite + "/" + key
        if exclude.contains(where: { Self.matches($0, name) }) { return "excluded" }
        if !include.isEmpty {
            return include.contains(where: { Self.matches($0, name) }) ? nil : "excluded"
        }
        if !keepsVolatile && Self.volatile.contains(where: { Self.matches($0, name) }) { return "volatile" }
        return nil
    }

    /// Whether a glob matches a name, as the shell's globs do, `*` crossing `/`.
    ///
    static func matches(_ glob: String, _ name: String) -> Bool {
        ShellPattern.matches(glob, name)
    }
}
