import PrefsCore
package import PrefsGLib
import PrefsStoreKit
package import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An installed Flatpak app, at the deployment flatpak runs: `app/ID/current` names `ARCH/BRANCH`, whose `active`
/// names the deployed commit, which holds `metadata` and the app's own files.
///
/// The links are read, not followed, and must have the shape flatpak gives them, so that a hostile link cannot make
/// prefs read schemas or metadata from elsewhere.
package struct FlatpakApp: Sendable, Equatable {
    package let id: String
    package let installation: FlatpakInstallation
    /// `ARCH/BRANCH`, as `current` names it.
    package let branch: String
    /// The deployed commit's folder.
    package let deployment: FilePath
    /// The deployment's `metadata`, a key file.
    package let metadata: GLibKeyfile

    /// The most a `metadata` or `.desktop` file may hold to be read: flatpak's are a few hundred bytes.
    static let metadataLimit = 1 << 18

    /// Reads an app's deployment, or `nil` when flatpak would not run it.
    init?(id: String, installation: FlatpakInstallation) {
        let folder = installation.root.appending("app").appending(id)
        guard let branch = Self.link(folder.appending("current"), components: 2),
            let commit = Self.link(folder.appending(branch).appending("active"), components: 1)
        else { return nil }
        let deployment = folder.appending(branch).appending(commit)
        // Metadata that cannot be read (or parsed) is a deployment flatpak cannot run either.
        guard let metadata = try? Self.keyfile(deployment.appending("metadata")), metadata.problem == nil,
            metadata.value(group: "Application", key: "name") == id
        else { return nil }
        self.id = id
        self.installation = installation
        self.branch = branch
        self.deployment = deployment
        self.metadata = metadata
    }

    /// The folder of the app's compiled GSettings schemas.
    package var schemaFolder: FilePath {
        deployment.appending("files/share/glib-2.0/schemas")
    }

    /// The app's name as its desktop file gives it (`Name=` of `[Desktop Entry]`), or `nil` when it exports none.
    package var displayName: String? {
        let file = deployment.appending("export/share/applications").appending(id + ".desktop")
        // The name is only shown: a desktop file that cannot be read names the app by its id.
        return (try? Self.keyfile(file))??.value(group: "Desktop Entry", key: "Name").map(Self.unescaped)
    }

    /// The keyfile GLib's keyfile backend keeps the app's settings in when it may not use dconf.
    ///
    /// - Parameter environment: Where `HOME` is read.
    /// - Returns: `~/.var/app/ID/config/glib-2.0/settings/keyfile`.
    package func settingsFile(environment: [String: String] = ProcessEnvironment.current) -> FilePath {
        FilePath(environment["HOME"] ?? "/").appending(".var/app").appending(id)
            .appending("config/glib-2.0/settings/keyfile")
    }

    /// Whether the app may talk to dconf's service on the session bus, and so keeps its settings in the host's dconf:
    /// its metadata's `[Session Bus Policy]` `ca.desrt.dconf`, as the overrides of the installations change it
    /// (`flatpak override`), the system's first, then the user's, `global` before the app's own.
    ///
    /// - Parameter installations: The machine's installations, whose `overrides/` folders are read.
    /// - Returns: Whether the policy in force is `talk` or `own`.
    /// - Throws: ``FlatpakSettingsError/unreadable(_:)`` when an override file exists but cannot be read: its policy
    ///   is unknown, and the app's settings may be in either place.
    package func grantsDconf(overriddenIn installations: [FlatpakInstallation]) throws(FlatpakSettingsError) -> Bool {
        var policy = metadata.value(group: "Session Bus Policy", key: "ca.desrt.dconf")
        let ordered = installations.filter { $0.kind == .system } + installations.filter { $0.kind == .user }
        for installation in ordered {
            for name in ["global", id] {
                let file = installation.root.appending("overrides").appending(name)
                if let value = try Self.keyfile(file)?.value(group: "Session Bus Policy", key: "ca.desrt.dconf") {
                    policy = value
                }
            }
        }
        return policy == "talk" || policy == "own"
    }

    // MARK: - Reading

    /// A link's target when it has the shape flatpak gives it: `components` plain names, none `.` or `..`.
    private static func link(_ path: FilePath, components: Int) -> String? {
        // A missing link, or a file that is no link, is a deployment flatpak would not run.
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path.string) else { return nil }
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == components, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            return nil
        }
        return target
    }

    /// A small key file, or `nil` when it is missing.
    ///
    /// - Throws: ``FlatpakSettingsError/unreadable(_:)`` when it exists but cannot be read, or is over 256 KiB.
    static func keyfile(_ path: FilePath) throws(FlatpakSettingsError) -> GLibKeyfile? {
        do {
            return try SmallFile.read(path, limit: metadataLimit, limitText: "256 KiB").map { GLibKeyfile(Array($0)) }
        } catch {
            throw .unreadable("\(path) cannot be read: \(error)")
        }
    }

    /// A key-file string's escapes undone, as `g_key_file_get_string`: `\s`, `\n`, `\t`, `\r`, `\\`.
    static func unescaped(_ raw: String) -> String {
        var result = ""
        var escaping = false
        for character in raw {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
