import PrefsStoreKit
import SystemPackage

/// Reads the GVDB files GLib and dconf keep: compiled schemas and dconf's databases.
package enum GLibFile {
    /// The most a GVDB file may hold for prefs to read it without GIO; GIO is asked about larger ones.
    package static let limit = 64 << 20

    /// Why a file cannot be read without GIO; the caller then asks GIO, which reads it its own way.
    package struct Unreadable: Error, Sendable {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }
    }

    /// The root table of a GVDB file, or `nil` when there is no file.
    ///
    /// - Throws: ``Unreadable`` when the file cannot be read, is too large, or is not GVDB in this byte order.
    package static func table(at path: String) throws(Unreadable) -> GVDBTable? {
        let data: [UInt8]
        do {
            guard let read = try SmallFile.read(FilePath(path), limit: limit, limitText: "64 MiB") else { return nil }
            data = [UInt8](read)
        } catch {
            throw Unreadable(reason: "\(path): \(error)")
        }
        do {
            return try GVDBTable(file: data)
        } catch {
            throw Unreadable(reason: "\(path): \(error)")
        }
    }
}
