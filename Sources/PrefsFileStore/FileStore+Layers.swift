import Logging
import PrefsCore
import PrefsStoreKit
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileStore {
    /// Whether a folder of `$XDG_CONFIG_DIRS` holds a system layer or lock file of some suite.
    ///
    /// - Parameter environment: The environment to read.
    /// - Returns: `true` when one does.
    public static func systemLayersExist(environment: [String: String]) -> Bool {
        let folders = XDGDirectories.configDirectories(environment: environment).map { FilePath($0.path) }
        return !SystemLayerFiles(directories: folders).suiteNames().isEmpty
    }

    /// Watches each system folder that exists for layer and lock files, reporting to ``systemLayersChanged(names:)``.
    ///
    /// A folder that cannot be watched (it does not exist, or may not be read) is left out: its files are still read
    /// whenever a suite is opened or written.
    func watchSystemDirectories() -> [DirectoryWatcher] {
        layerFiles.directories.compactMap { folder in
            guard
                let watcher = try? DirectoryWatcher(
                    directory: folder, suffixes: [".plist", SystemLayerFiles.lockSuffix],
                    onChange: { [weak self] names, overflowed in
                        self?.systemLayersChanged(names: overflowed ? nil : names)
                    },
                    onFailure: { [weak self] error in
                        let problem = FileStoreError.io(
                            path: folder.string, operation: "watch",
                            reason: "\(error); system layer changes are no longer seen")
                        PrefsLogging.logger.error(
                            "\(TextEscaping.escaped("\(problem)"))", metadata: ["store": "FileStore"])
                        self?.changeNotifier.report(problem)
                    })
            else { return nil }
            do {
                try watcher.start()
            } catch {
                PrefsLogging.logger.error(
                    "cannot watch \(TextEscaping.escaped(folder.string)): \(error); system layer changes are not seen",
                    metadata: ["store": "FileStore"])
                return nil
            }
            return watcher
        }
    }

    /// Reads again the layers of the suites whose system files changed, and delivers what that changes.
    ///
    /// - Parameter names: The suites; `nil` when the event queue overflowed, for every open suite.
    func systemLayersChanged(names: Set<String>?) {
        var targets = liveSuites()
        if let names {
            targets = targets.filter { names.contains($0.name) }
            if isObservingAll {
                // A suite that only a system folder holds is discovered here, as a new file in the directory is.
                let open = Set(targets.map(\.name))
                for name in names.subtracting(open).sorted() {
                    if let suiteName = SuiteName(rawValue: name) { _ = openSuite(suiteName, loadingNow: false) }
                }
            }
        }
        for suite in targets { suite.reloadSystemLayers(posting: true) }
    }
}
