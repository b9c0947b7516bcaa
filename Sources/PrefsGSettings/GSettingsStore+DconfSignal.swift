import Logging
import PrefsCore
import Synchronization

extension GSettingsStore {
    /// Starts hearing dconf's `Notify` signal without GIO for the suites that read files (``DconfNotifyListener``),
    /// before ``run()`` loads GIO.
    ///
    /// - Returns: The listener, or `nil` when the files are not read here or the bus cannot be reached this way;
    ///   GSettings alone delivers the changes then, as it does for every other suite.
    func startDconfListener() -> DconfNotifyListener? {
        guard let files = glibFiles(), let writerPath = files.writerPath() else { return nil }
        do {
            return try DconfNotifyListener.start(environment: files.environment, writerPath: writerPath) {
                [weak self] paths, signal in
                self?.refreshSuitesReadingFiles(touchedBy: paths, announcedBy: signal)
            }
        } catch {
            PrefsLogging.logger.debug(
                "dconf's changes are heard through GIO alone: \(error)", metadata: ["store": "GSettings"])
            return nil
        }
    }

    /// Refreshes the keys of the open suites that read files which dconf says changed.
    ///
    /// - Parameters:
    ///   - paths: Keys, and directories (ending in `/`) reset whole, as dconf's signal names them.
    ///   - signal: The signal's sender and serial, by which the store's monitor of the bus names its cause.
    func refreshSuitesReadingFiles(touchedBy paths: [String], announcedBy signal: (sender: String, serial: UInt32)?) {
        for suite in suites.withLock({ $0.values.compactMap(\.suite) }) {
            guard let keys = suite.files?.keys(touchedBy: paths), !keys.isEmpty else { continue }
            suite.refresh(keys, announcedBy: signal)
        }
    }
}
