import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folders of channel files xfconfd keeps and reads, and the channels they hold: what its `ListChannels`
/// answers, read here without the bus.
///
/// xfconfd's backend lists exactly the files named `*.xml` in `xfce4/xfconf/xfce-perchannel-xml/` of
/// `$XDG_CONFIG_HOME` and each `$XDG_CONFIG_DIRS` folder (`xfconf_backend_perchannel_xml_list_channels`), so the
/// listing is the same; it costs no round trip to xfconfd, which the editor's first frame waited for, and starts no
/// xfconfd where none runs. A channel xfconfd holds before it saves its file is missing from both, which
/// ``XfconfStore/listSuites()`` adds from what it wrote and journaled.
enum XfconfChannelFolders {
    /// The folder under each configuration folder.
    static let stem = "xfce4/xfconf/xfce-perchannel-xml"

    /// The channels the folders hold, each once, unsorted.
    ///
    /// - Parameter environment: Where the XDG folders are read.
    /// - Returns: The names, the files' less `.xml`.
    /// - Throws: ``XfconfStoreError/unreadableFolder(path:reason:)`` when the user's folder exists but cannot be listed; a system
    ///   folder that cannot be listed holds none, as in xfconfd.
    static func channels(environment: [String: String] = ProcessEnvironment.current) throws(XfconfStoreError)
        -> [String]
    {
        let user = FilePath(XDGDirectories.configHome(environment: environment).path).appending(stem)
        let system = XDGDirectories.configDirectories(environment: environment).map {
            FilePath($0.path).appending(stem)
        }
        var seen = Set<String>()
        var names: [String] = []
        for folder in [user] + system {
            let entries: [DirectoryEntry]
            do {
                entries = try DirectoryEntry.list(folder)
            } catch .noSuchFileOrDirectory, .notDirectory {
                continue
            } catch {
                guard folder == user else { continue }
                throw .unreadableFolder(path: folder.string, reason: "\(error)")
            }
            for entry in entries where entry.name.hasSuffix(".xml") && entry.name.count > 4 {
                let name = String(entry.name.dropLast(4))
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }
}
