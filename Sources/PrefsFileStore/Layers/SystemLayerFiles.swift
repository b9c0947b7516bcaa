import PrefsCore
import PrefsStoreKit
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The system layers of the file store's suites: `<suite>.plist` and `<suite>.locks` in each folder of
/// `$XDG_CONFIG_DIRS` (`/etc/xdg` by default), the first folder winning.
///
/// Layer files are read as the suites are, bounded and without blocking on a FIFO, and never written. A layer that
/// cannot be read is left out and named in ``PrefsCore/SystemLayers/problems``; a lock file that cannot be read locks
/// the whole suite, so that a damaged or unreadable file never unlocks what an administrator fixed. A layer or lock
/// file that is not an administrator's (owned by another user than root or this one, or writable by others than its
/// owner) is named there and ignored, as sudo and dconf ignore such files.
struct SystemLayerFiles: Sendable {
    /// The folders, the first winning; never the store's own directory.
    let directories: [FilePath]

    /// The suffix of a lock file.
    static let lockSuffix = ".locks"

    /// The layers and locks of a suite as the files hold them now.
    ///
    /// - Parameter name: The suite.
    /// - Returns: Its layers, locks and problems; ``PrefsCore/SystemLayers/none`` when no folder mentions it.
    func read(_ name: SuiteName) -> SystemLayers {
        var layers = SystemLayers.none
        for directory in directories {
            let files = SuiteFiles(directory: directory, name: name)
            do throws(FileStoreError) {
                if let bytes = try files.readAdministratorsBytes(files.plist) {
                    let version = try files.decode(bytes, previous: nil)
                    layers.layers.append(.init(source: files.plist.string, values: version.image.values))
                }
            } catch {
                layers.problems.append("system layer ignored: \(error)")
            }
            let lockFile = directory.appending(name.rawValue + Self.lockSuffix)
            do {
                if let bytes = try files.readAdministratorsBytes(lockFile) {
                    try layers.locks.add(lockFile: bytes, source: lockFile.string)
                }
            } catch {
                if case FileStoreError.unsafe = error {
                    // Anyone could have written it: its locks are not an administrator's, and must not bind.
                    layers.problems.append("lock file ignored: \(error)")
                } else {
                    layers.locks.lockWholeSuite(by: lockFile.string)
                    layers.problems.append("\(error); every key of the suite is locked until it is fixed")
                }
            }
        }
        return layers
    }

    /// The suites some folder holds a layer or lock file of, sorted.
    func suiteNames() -> [String] {
        var names = Set<String>()
        for directory in directories {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory.string)) ?? [] {
                for suffix in [".plist", Self.lockSuffix] where entry.hasSuffix(suffix) && !entry.hasPrefix(".") {
                    if let name = SuiteName(rawValue: String(entry.dropLast(suffix.count))) {
                        names.insert(name.rawValue)
                    }
                }
            }
        }
        return names.sorted()
    }
}
