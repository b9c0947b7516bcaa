import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization
import SystemPackage

/// The files GSettings reads on a desktop whose backend is dconf — the compiled schemas and dconf's databases — read
/// by the store itself, so that a command that only reads never loads GIO: loading it alone takes longer than the
/// whole of `gsettings get`.
///
/// Used only while GIO is not loaded, for the dconf backend (`GSETTINGS_BACKEND` unset or `dconf`, and dconf's GIO
/// module installed); anything it cannot read exactly as GLib does (a `service-db`, a translated default, a value
/// GLib would correct) is read through GIO instead. dconf's databases are read again whenever one of their files
/// changed: the dconf service replaces the user's database by a rename before it announces a change.
final class GSettingsFiles: Sendable {
    let schemas: CompiledSchemas
    /// The environment the files were found through, which also names the session bus dconf's service is on.
    let environment: [String: String]
    private let state: Mutex<State>

    /// dconf's databases and the identities of their files when read.
    private struct State {
        var identities: [FileIdentity?]
        var databases: DconfDatabases
    }

    /// Reads the compiled schemas and dconf's databases, or gives `nil` when GIO must read them.
    ///
    /// - Parameter environment: The process's environment.
    init?(environment: [String: String] = ProcessEnvironment.current) {
        guard Self.backendIsDconf(environment: environment) else { return nil }
        self.environment = environment
        do {
            schemas = try CompiledSchemas(folders: GSettingsStore.schemaFolderList(environment: environment))
            let databases = try DconfDatabases(environment: environment)
            state = Mutex(State(identities: try Self.identities(of: databases.paths), databases: databases))
        } catch {
            return nil
        }
    }

    /// dconf's databases as they are now: read again when a file of theirs changed since they were read.
    ///
    /// - Throws: ``GLibFile/Unreadable`` when they can no longer be read here.
    func databases() throws(GLibFile.Unreadable) -> DconfDatabases {
        try state.withLock { state throws(GLibFile.Unreadable) -> DconfDatabases in
            let now = try Self.identities(of: state.databases.paths)
            guard now != state.identities else { return state.databases }
            let fresh = try DconfDatabases(environment: environment)
            state = State(identities: try Self.identities(of: fresh.paths), databases: fresh)
            return fresh
        }
    }

    /// The object path of the writer of the user's database in dconf's service, or `nil` when the profile does not
    /// start with one (nothing is writable then) or cannot be read here.
    func writerPath() -> String? {
        do {
            return try databases().userName.map { "/ca/desrt/dconf/Writer/\($0)" }
        } catch {
            return nil
        }
    }

    private static func identities(of paths: [String]) throws(GLibFile.Unreadable) -> [FileIdentity?] {
        var identities: [FileIdentity?] = []
        for path in paths {
            do {
                identities.append(try FileIdentity.of(FilePath(path)))
            } catch {
                throw GLibFile.Unreadable(reason: "\(path): \(error)")
            }
        }
        return identities
    }

    /// Whether GSettings would use dconf: `GSETTINGS_BACKEND` names it or nothing, and dconf's module is where GIO
    /// loads modules from (`GIO_MODULE_DIR`, else this system's library folder).
    private static func backendIsDconf(environment: [String: String]) -> Bool {
        if let backend = environment["GSETTINGS_BACKEND"], !backend.isEmpty, backend != "dconf" { return false }
        let folders = environment["GIO_MODULE_DIR"].map { [$0] } ?? moduleFolders
        return folders.contains { folder in
            do {
                return try FileIdentity.of(FilePath("\(folder)/libdconfsettings.so")) != nil
            } catch {
                // A module that cannot be looked at is left to GIO, which says why if it fails to load it.
                return false
            }
        }
    }

    #if arch(x86_64)
    private static let moduleFolders = ["/usr/lib/x86_64-linux-gnu/gio/modules", "/usr/lib64/gio/modules"]
    #elseif arch(arm64)
    private static let moduleFolders = ["/usr/lib/aarch64-linux-gnu/gio/modules", "/usr/lib64/gio/modules"]
    #else
    private static let moduleFolders = ["/usr/lib/gio/modules"]
    #endif
}
