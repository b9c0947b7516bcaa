import PrefsDBus
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XfconfStore {
    /// Whether XFCE's settings may be here, told without the bus: a session bus to reach xfconfd on, and an XFCE
    /// desktop or a folder of channel files xfconfd keeps or reads.
    ///
    /// Asking the bus would start xfconfd wherever it is installed (D-Bus activates it), on a GNOME desktop too: the
    /// machine view asks this first, so that it starts no daemon a desktop does not use.
    ///
    /// - Parameter environment: Where `XDG_CURRENT_DESKTOP`, the bus's address and the XDG folders are read.
    /// - Returns: Whether listing the channels is worth trying.
    public static func mayHoldSettings(environment: [String: String]) -> Bool {
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        guard !SessionBusAddress.sockets(environment: environment, exists: exists).isEmpty else { return false }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        if desktops.contains(where: { $0.uppercased() == "XFCE" }) { return true }
        let folders =
            [XDGDirectories.configHome(environment: environment)]
            + XDGDirectories.configDirectories(environment: environment)
        return folders.contains { exists($0.appendingPathComponent("xfce4/xfconf/xfce-perchannel-xml").path) }
    }
}
