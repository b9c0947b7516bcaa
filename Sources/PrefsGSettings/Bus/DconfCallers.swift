import Logging
import PrefsCore
import PrefsDBus
import PrefsGLib
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who called dconf's `Change`: the writer of a change to the user's database that no journal explains (`gsettings
/// set`, `dconf write`, the desktop itself), heard by a monitor of the session bus (``BusCallers``).
///
/// dconf's `Notify` signal names only dconf's service; the call before it names the caller, and the bus its process.
enum DconfCallers {
    /// dconf's `Change` calls, to any database's writer, and its `Notify` signals, which announce each change.
    static let rules = [
        "type='method_call',interface='ca.desrt.dconf.Writer',member='Change'",
        "type='signal',interface='ca.desrt.dconf.Writer',member='Notify'",
    ]

    /// The paths a `Change` call's changeset names: keys, and directories (ending in `/`) reset whole.
    ///
    /// - Parameter call: A message the monitor heard.
    /// - Returns: The paths, or `nil` for a message that is not a `Change` or a changeset that cannot be read.
    static func paths(of call: BusMessage.Received) -> [String]? {
        if call.kind == .signal { return DconfNotifyListener.paths(of: call) }
        guard call.interface == "ca.desrt.dconf.Writer", call.member == "Change", call.signature == "ay" else {
            return nil
        }
        var body = call.body
        guard let bytes = body.byteArray(), let type = SerializedType("a{smv}"),
            let changeset = SerializedVariant(type: type, buffer: bytes, range: 0..<bytes.count),
            let entries = changeset.children
        else { return nil }
        return entries.compactMap { $0.children?.first?.string }
    }

    /// The writer a caller names, as a journal records one: its process and name, now.
    static func writer(_ caller: BusCallers.Caller) -> PersistentKeyValueChange.Writer {
        PersistentKeyValueChange.Writer(pid: caller.pid, processName: caller.name, time: Date())
    }
}

extension GSettingsStore {
    /// Starts hearing who calls dconf's `Change`, for ``run()``.
    ///
    /// - Returns: The monitor, or `nil` when the files are not read here or the bus cannot be monitored; changes
    ///   no journal explains are then not named, as before.
    func startDconfCallers() -> BusCallers? {
        let environment = glibFiles()?.environment ?? ProcessEnvironment.current
        do {
            let callers = try BusCallers.start(
                environment: environment, rules: DconfCallers.rules, touched: DconfCallers.paths(of:)
            ) { reason in
                PrefsLogging.logger.debug(
                    "writers of dconf's changes are no longer named: \(reason)", metadata: ["store": "GSettings"])
            }
            dconfCallers.withLock { $0 = callers }
            return callers
        } catch {
            PrefsLogging.logger.debug(
                "writers of dconf's changes are not named: \(error)", metadata: ["store": "GSettings"])
            return nil
        }
    }

    /// The writer of a change to a dconf path, where a monitored `Change` call explains it.
    ///
    /// - Parameters:
    ///   - path: The key's full dconf path.
    ///   - signal: The sender and serial of dconf's `Notify` that announced the change, when the store heard it
    ///     itself; GSettings' own "changed" signal carries none.
    /// - Returns: The calling process, or `nil` when no call heard explains the change.
    func heardWriter(ofPath path: String, signal: (sender: String, serial: UInt32)? = nil)
        -> PersistentKeyValueChange.Writer?
    {
        guard let callers = dconfCallers.withLock({ $0 }) else { return nil }
        let caller =
            if let signal {
                callers.caller(ofSignal: signal.sender, serial: signal.serial, key: path)
            } else {
                callers.caller(of: path)
            }
        return caller.map(DconfCallers.writer)
    }
}
