import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension KConfigStore {
    /// Whether KDE's settings may be here, told from a look at the folders alone: a KDE desktop, a KConfig file at
    /// the top of the user's or a system configuration folder, or a `.kcfg` schema installed.
    ///
    /// Listing every file and every schema to decide cost the machine view's first frame as much again as the
    /// listing it then shows; the folders' own record of their entries says enough. A machine whose only KConfig
    /// files are a folder down is opened with `--store kconfig`.
    ///
    /// - Parameter environment: Where `XDG_CURRENT_DESKTOP` and the XDG folders are read.
    /// - Returns: Whether listing the files is worth showing.
    public static func mayHoldSettings(environment: [String: String]) -> Bool {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        if desktops.contains(where: { $0.uppercased() == "KDE" }) { return true }
        let configs =
            [XDGDirectories.configHome(environment: environment)]
            + XDGDirectories.configDirectories(environment: environment)
        if configs.contains(where: { holds(FilePath($0.path), where: isKConfigFile) }) { return true }
        return KcfgCatalog(environment: environment).folders.contains { folder in
            holds(FilePath(folder.path)) { $0.hasSuffix(".kcfg") }
        }
    }

    /// Whether a folder has a file (or a link) whose name passes; a folder that cannot be listed has none.
    private static func holds(_ folder: FilePath, where matches: (String) -> Bool) -> Bool {
        ((try? DirectoryEntry.list(folder)) ?? []).contains { entry in
            entry.kind != .directory && !entry.name.hasPrefix(".") && matches(entry.name)
        }
    }
}
