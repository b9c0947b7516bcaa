import PrefsCore
import PrefsGLib
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// dconf's databases as its engine reads them for GSettings, read without GIO: the profile's sources, the user's
/// database first, then the system databases with their locks.
///
/// Follows dconf's `dconf-engine-profile.c` and `dconf_engine_read`: the profile is the mandatory one
/// (`/run/dconf/user/UID`), else `DCONF_PROFILE`, else `$XDG_RUNTIME_DIR/dconf/profile`, else `user` from
/// `/etc/dconf/profile` or `$XDG_DATA_DIRS/dconf/profile`, else `user-db:user` alone. A profile with a `service-db`,
/// or a file that cannot be read, makes the whole unreadable here, and GIO is asked instead.
struct DconfDatabases: Sendable {
    /// One database of the profile.
    struct Database: Sendable {
        /// Its values, or `nil` when its file does not exist.
        let values: GVDBTable?
        /// Its locks, the keys of its `.locks` table.
        let locks: GVDBTable?
    }

    /// The user's database, when the profile's first source is one: the only one written.
    let user: Database?
    /// The user database's name (`user` for `user-db:user`), which names its writer in dconf's service.
    let userName: String?
    /// The system databases, in the profile's order.
    let system: [Database]
    /// The files read, to tell when to read them again.
    let paths: [String]

    /// Reads the databases of the profile in force.
    ///
    /// - Parameter environment: The process's environment.
    /// - Throws: ``GLibFile/Unreadable`` when they cannot be read here.
    init(environment: [String: String] = ProcessEnvironment.current) throws(GLibFile.Unreadable) {
        var sources = try Self.profileLines(environment: environment)
        var user: Database?
        var userName: String?
        var paths: [String] = []
        if let first = sources.first, first.hasPrefix("user-db:") {
            sources.removeFirst()
            let config = XDGDirectories.configHome(environment: environment).path
            let name = String(first.dropFirst("user-db:".count))
            userName = name
            let path = "\(config)/dconf/\(name)"
            paths.append(path)
            let values = try GLibFile.table(at: path)
            user = Database(values: values, locks: nil)
        }
        var system: [Database] = []
        for line in sources {
            let path: String
            if line.hasPrefix("system-db:") {
                path = "/etc/dconf/db/\(line.dropFirst("system-db:".count))"
            } else if line.hasPrefix("file-db:") {
                path = String(line.dropFirst("file-db:".count))
            } else {
                // A user-db after the first, or a service-db: dconf's service keeps those; GIO is asked.
                throw GLibFile.Unreadable(reason: "the dconf profile has \(line)")
            }
            paths.append(path)
            let values = try GLibFile.table(at: path)
            system.append(Database(values: values, locks: values?.table(forKey: ".locks")))
        }
        self.user = user
        self.userName = userName
        self.system = system
        self.paths = paths
    }

    // MARK: - Reading as dconf's engine does

    /// The user's value of a key, locked or not (`DCONF_READ_USER_VALUE`).
    func userValue(_ key: String) -> SerializedVariant? {
        user?.values?.value(forKey: key)
    }

    /// The value a key has when the user set none (`DCONF_READ_DEFAULT_VALUE`): the first system database's from
    /// the one that locks it, if any.
    func defaultValue(_ key: String) -> SerializedVariant? {
        let start = system.lastIndex { $0.locks?.hasValue(forKey: key) == true } ?? 0
        for database in system[start...] {
            if let value = database.values?.value(forKey: key) { return value }
        }
        return nil
    }

    /// The names in a directory over every database, as `dconf_engine_list` lists them: keys, and directories
    /// ending in `/`, each once.
    func list(_ directory: String) -> [String] {
        var seen = Set<String>()
        return ([user] + system).flatMap { $0?.values?.list(directory) ?? [] }.filter { seen.insert($0).inserted }
    }

    /// Whether a key can be written: the profile starts with the user's database and no system database locks it.
    func isWritable(_ key: String) -> Bool {
        user != nil && !system.contains { $0.locks?.hasValue(forKey: key) == true }
    }

    // MARK: - The profile

    /// The source lines of the profile in force, comments and blank lines left out.
    private static func profileLines(environment: [String: String]) throws(GLibFile.Unreadable) -> [String] {
        var text = try read("/run/dconf/user/\(Processes.realUserID)")
        if text == nil, let named = environment["DCONF_PROFILE"] {
            // A named profile that cannot be found is dconf's null profile: no sources.
            let found = named.hasPrefix("/") ? try read(named) : try profileFile(named, environment: environment)
            text = found ?? ""
        }
        if text == nil, let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            text = try read("\(runtime)/dconf/profile")
        }
        if text == nil { text = try profileFile("user", environment: environment) }
        guard let text else { return ["user-db:user"] }
        return text.split(separator: "\n").compactMap { line in
            let content = line.prefix { $0 != "#" }.drop { $0.isWhitespace }
            let trimmed = String(content.reversed().drop { $0.isWhitespace }.reversed())
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// A profile file by name, from `/etc/dconf/profile` or `$XDG_DATA_DIRS/dconf/profile`.
    private static func profileFile(_ name: String, environment: [String: String]) throws(GLibFile.Unreadable)
        -> String?
    {
        let data = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in ["/etc"] + data.split(separator: ":").map(String.init) {
            if let text = try read("\(folder)/dconf/profile/\(name)") { return text }
        }
        return nil
    }

    private static func read(_ path: String) throws(GLibFile.Unreadable) -> String? {
        do {
            guard let data = try SmallFile.read(.init(path), limit: 1 << 16, limitText: "64 KiB") else { return nil }
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw GLibFile.Unreadable(reason: "\(path): \(error)")
        }
    }
}
