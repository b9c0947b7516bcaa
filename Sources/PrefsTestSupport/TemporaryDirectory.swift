public import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when released.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    ///
    /// - Parameter prefix: The start of the directory's name, to tell test runs apart when looking at `/tmp`.
    /// - Throws: The file system's error when the directory cannot be created.
    public init(prefix: String = "prefs-test") throws {
        let name = "\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Creates a directory with a short name, `<prefix>-<8 hex digits>`, for tests whose screens show its path.
    ///
    /// - Parameter prefix: The start of the directory's name.
    /// - Throws: The file system's error when no free name is found in a few tries.
    public init(shortPrefix prefix: String) throws {
        var attempt = 0
        while true {
            let name = "\(prefix)-\(UUID().uuidString.prefix(8))"
            let candidate = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
            do {
                // Not creating intermediates makes an existing directory an error rather than shared.
                try FileManager.default.createDirectory(
                    at: candidate, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                url = candidate
                return
            } catch  where attempt < 4 {
                attempt += 1
            }
        }
    }

    /// The path of the directory.
    public var path: String { url.path }

    /// Removes the directory now rather than when released.
    ///
    /// Calling it again does nothing.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        remove()
    }
}
