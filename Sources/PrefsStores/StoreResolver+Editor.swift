public import PrefsCore
import PrefsStoreKit
public import PrefsTools
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the command line reads for the editor and for its hints beside the store: the user's theme, and whether a
/// command works on KDE's settings.
extension StoreResolver {
    /// Whether a command line works on KDE's settings: `--store kconfig`, else `PREFS_STORE=kconfig`.
    ///
    /// - Parameters:
    ///   - storeURL: `--store`, as typed.
    ///   - environment: Where `PREFS_STORE` is read.
    /// - Returns: Whether the store is KConfig's.
    public static func namesKConfig(
        _ storeURL: String?, environment: [String: String] = ProcessEnvironment.current
    ) -> Bool {
        (storeURL ?? environment["PREFS_STORE"]) == kconfig
    }
}

extension StoreResolver {
    /// The text of the user's colours for the editor, `$XDG_CONFIG_HOME/prefs/theme` (else `~/.config/prefs/theme`),
    /// at most 64 KiB.
    ///
    /// - Parameter environment: Where `XDG_CONFIG_HOME` and `HOME` are read.
    /// - Returns: The text, `nil` when there is no file; or why it could not be read, on one line.
    public static func themeText(
        environment: [String: String] = ProcessEnvironment.current
    ) -> Result<String?, ToolError> {
        let path = XDGDirectories.configHome(environment: environment).appendingPathComponent("prefs/theme").path
        do {
            let data = try SmallFile.read(FilePath(path), limit: 64 * 1024, limitText: "64 KiB")
            return .success(data.map { String(decoding: $0, as: UTF8.self) })
        } catch {
            return .failure(ToolError("theme \(TextEscaping.escaped(path)): \(error)"))
        }
    }
}
