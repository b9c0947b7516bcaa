public import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
/// The XDG base directories PrefsKit uses, as Foundation's `UserDefaults` does on Linux.
public enum XDGDirectories {
    /// `$XDG_CONFIG_HOME` when it is an absolute path, else `~/.config`: where suites live.
    ///
    /// - Parameter environment: The environment to read; this process's by default.
    /// - Returns: The directory.
    public static func configHome(environment: [String: String] = ProcessEnvironment.current) -> URL {
        directory(environment["XDG_CONFIG_HOME"], fallback: ".config", environment: environment)
    }

    /// The folders of `$XDG_CONFIG_DIRS` that are absolute paths, in order (the first wins), else `/etc/xdg`: where a
    /// system or a package keeps defaults and locks beneath the user's suites.
    ///
    /// - Parameter environment: The environment to read; this process's by default.
    /// - Returns: The folders.
    public static func configDirectories(environment: [String: String] = ProcessEnvironment.current) -> [URL] {
        // The specification: relative paths are invalid and ignored; an empty or unset variable means /etc/xdg.
        let folders = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").filter { $0.hasPrefix("/") }
        guard !folders.isEmpty else { return [URL(fileURLWithPath: "/etc/xdg", isDirectory: true)] }
        return folders.map { URL(fileURLWithPath: String($0), isDirectory: true) }
    }

    /// `$XDG_STATE_HOME` when it is an absolute path, else `~/.local/state`: where journals live.
    ///
    /// - Parameter environment: The environment to read; this process's by default.
    /// - Returns: The directory.
    public static func stateHome(environment: [String: String] = ProcessEnvironment.current) -> URL {
        directory(environment["XDG_STATE_HOME"], fallback: ".local/state", environment: environment)
    }

    /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`: where schema manifests are installed.
    ///
    /// - Parameter environment: The environment to read; this process's by default.
    /// - Returns: The directory.
    public static func dataHome(environment: [String: String] = ProcessEnvironment.current) -> URL {
        directory(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment)
    }

    /// The journal folder that belongs to one configuration directory, named by a hash of its real path so that two
    /// directories holding suites of the same name never share a history, and one directory reached through a
    /// symbolic link keeps a single one.
    ///
    /// - Parameters:
    ///   - configDirectory: The configuration directory.
    ///   - environment: The environment to read; this process's by default.
    /// - Returns: `<state home>/prefs/journal/<hash>`.
    public static func journalDirectory(
        forConfigDirectory configDirectory: URL, environment: [String: String] = ProcessEnvironment.current
    ) -> URL {
        stateHome(environment: environment).appendingPathComponent("prefs/journal", isDirectory: true)
            .appendingPathComponent(stableHash(realPath(configDirectory)), isDirectory: true)
    }

    /// A directory's path with every symbolic link resolved, as far as it exists; what does not exist yet is appended
    /// as given, so that the path is the same before and after the directory is created.
    ///
    /// State that belongs to a configuration directory (journals, schemas) is keyed by this, not by the string a user
    /// typed: the same directory reached through a link must find the same schema, or its range checks are skipped.
    package static func realPath(_ directory: URL) -> String {
        var existing = directory.standardizedFileURL.path
        var missing: [String] = []
        while true {
            if let resolved = resolved(existing) {
                existing = resolved
                break
            }
            guard existing != "/", !existing.isEmpty else { return directory.standardizedFileURL.path }
            let url = URL(fileURLWithPath: existing)
            missing.insert(url.lastPathComponent, at: 0)
            existing = url.deletingLastPathComponent().path
        }
        var path = existing
        for component in missing { path += (path.hasSuffix("/") ? "" : "/") + component }
        return path
    }

    /// The C library's `realpath` of an existing path.
    private static func resolved(_ path: String) -> String? {
        Paths.resolved(path)
    }

    /// FNV-1a, 64 bits, in hexadecimal: stable across runs and machines, unlike `Hasher`.
    package static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func directory(_ value: String?, fallback: String, environment: [String: String]) -> URL {
        if let value, value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(fallback, isDirectory: true)
    }
}
