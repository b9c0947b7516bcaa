#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GSettingsStore {
    /// Whether GNOME's settings may be here: a folder GSettings reads holds compiled schemas.
    ///
    /// - Parameter environment: Where `GSETTINGS_SCHEMA_DIR` and the XDG folders are read.
    /// - Returns: Whether listing the schemas is worth it.
    public static func mayHoldSettings(environment: [String: String]) -> Bool {
        schemaFolderList(environment: environment).contains {
            FileManager.default.fileExists(atPath: "\($0)/gschemas.compiled")
        }
    }
}
