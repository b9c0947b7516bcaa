public import PrefsCore
import PrefsSystem
import SystemPackage

extension FlatpakStore {
    /// Whether Flatpak apps may be here, for the machine view: an installation's `app/` folder holds a folder named
    /// as an app id; told from the folders' entries, without reading an app's deployment.
    ///
    /// - Parameter environment: Where `FLATPAK_USER_DIR`, `FLATPAK_SYSTEM_DIR` and the XDG folders are read.
    /// - Returns: Whether an installation holds what may be an app; an app folder whose deployment flatpak would not
    ///   run then shows as nothing in the store's listing.
    public static func mayHoldSettings(environment: [String: String] = ProcessEnvironment.current) -> Bool {
        FlatpakInstallation.all(environment: environment).contains { installation in
            let folder = installation.root.appending("app")
            // A folder that cannot be listed holds nothing this look can see; opening the store says why.
            let entries = (try? DirectoryEntry.list(folder)) ?? []
            return entries.contains { FlatpakAppID.isValid($0.name) && $0.leads(to: .directory, in: folder) }
        }
    }
}
