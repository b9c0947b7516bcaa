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
