import PrefsCore
import PrefsStoreKit
import PrefsSystem
package import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Flatpak installation: the user's (`$FLATPAK_USER_DIR`, else `$XDG_DATA_HOME/flatpak`, as flatpak's
/// `flatpak_get_user_base_dir_location`) or the system's (`$FLATPAK_SYSTEM_DIR`, else `/var/lib/flatpak`).
package struct FlatpakInstallation: Sendable, Hashable {
    /// Which installation: they are told apart in names and messages.
    package enum Kind: String, Sendable {
        case user
        case system
    }

    package let kind: Kind
    /// Its folder, which holds `app/`.
    package let root: FilePath

    /// The installations flatpak uses in an environment, the user's first, as `flatpak list` lists them.
    ///
    /// - Parameter environment: Where `FLATPAK_USER_DIR`, `FLATPAK_SYSTEM_DIR` and the XDG folders are read.
    /// - Returns: Both; an installation whose folder does not exist holds no app.
    package static func all(environment: [String: String] = ProcessEnvironment.current) -> [FlatpakInstallation] {
        let user =
            environment["FLATPAK_USER_DIR"].flatMap { $0.hasPrefix("/") ? FilePath($0) : nil }
            ?? FilePath(XDGDirectories.dataHome(environment: environment).path).appending("flatpak")
        let system = environment["FLATPAK_SYSTEM_DIR"].flatMap { $0.hasPrefix("/") ? FilePath($0) : nil }
        return [
            FlatpakInstallation(kind: .user, root: user),
            FlatpakInstallation(kind: .system, root: system ?? FilePath("/var/lib/flatpak")),
        ]
    }

    /// The apps installed here with a deployment flatpak would run, by id, sorted.
    ///
    /// An app folder whose name is no app id, whose `current` or `active` link is missing or leads elsewhere than
    /// flatpak makes it lead, or whose deployment has no `metadata`, is left out, as `flatpak run` would not run it.
    ///
    /// - Returns: The apps; none when the installation has no `app/` folder.
    /// - Throws: ``FlatpakSettingsError/unreadable(_:)`` when its `app/` folder exists but cannot be listed.
    package func apps() throws(FlatpakSettingsError) -> [FlatpakApp] {
        let folder = root.appending("app")
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryEntry.list(folder)
        } catch .noSuchFileOrDirectory, .notDirectory {
            return []
        } catch {
            throw .unreadable("the Flatpak installation's \(folder) cannot be listed: \(error)")
        }
        return entries.compactMap { entry -> FlatpakApp? in
            guard FlatpakAppID.isValid(entry.name), entry.leads(to: .directory, in: folder) else { return nil }
            return FlatpakApp(id: entry.name, installation: self)
        }.sorted { $0.id < $1.id }
    }
}
