import Logging
import PrefsCore
import PrefsDBus
import PrefsSystem
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who called xfconfd's `SetProperty` or `ResetProperty`: the writer of a change no journal explains
/// (`xfconf-query`, the XFCE settings dialogs, the panel), heard by a monitor of the session bus (``BusCallers``).
///
/// xfconfd's `PropertyChanged` names only the channel and property; the call before it names the caller, and the
/// bus its process. A key is `CHANNEL/PROPERTY` (`xsettings/Net/ThemeName`), as channels hold no `/`.
enum XfconfCallers {
    /// xfconfd's calls that change a property, and its signals that announce a change.
    static let rules =
        ["SetProperty", "ResetProperty"].map {
            "type='method_call',interface='\(XfconfBus.interface)',member='\($0)'"
        } + [XfconfSignals.rule]

    /// The keys a call changes (its property, and for a recursive reset every property under it), or a signal
    /// announces.
    ///
    /// - Parameter call: A message the monitor heard.
    /// - Returns: The keys, or `nil` for a message that changes nothing.
    static func keys(of call: BusMessage.Received) -> [String]? {
        guard call.interface == XfconfBus.interface else { return nil }
        var body = call.body
        guard let channel = body.string(), let property = body.string() else { return nil }
        let key = channel + property
        switch (call.member, call.signature) {
        case ("SetProperty", "ssv"), ("PropertyChanged", "ssv"), ("PropertyRemoved", "ss"): return [key]
        case ("ResetProperty", "ssb"):
            let recursive = body.value(ofType: "b") == .boolean(true)
            return recursive ? [key, key.hasSuffix("/") ? key : key + "/"] : [key]
        default: return nil
        }
    }
}

extension XfconfStore {
    /// Starts hearing who calls xfconfd, beside its signals (``startListening()``).
    ///
    /// - Returns: The monitor, or `nil` when the bus cannot be monitored; changes no journal explains are then not
    ///   named, as before.
    func startCallers() -> BusCallers? {
        do {
            return try BusCallers.start(
                environment: ProcessEnvironment.current, rules: XfconfCallers.rules, touched: XfconfCallers.keys(of:)
            ) { reason in
                PrefsLogging.logger.debug(
                    "writers of xfconfd's changes are no longer named: \(reason)", metadata: ["store": "Xfconf"])
            }
        } catch {
            PrefsLogging.logger.debug(
                "writers of xfconfd's changes are not named: \(error)", metadata: ["store": "Xfconf"])
            return nil
        }
    }

    /// The writer of a change to a property, where a monitored call explains it.
    ///
    /// - Parameters:
    ///   - channel: The channel.
    ///   - property: The property.
    ///   - signal: The sender and serial of xfconfd's signal that announced the change, which names its call.
    /// - Returns: The calling process, or `nil` when no call heard explains the change.
    func heardWriter(channel: String, property: String, signal: (sender: String, serial: UInt32)?)
        -> PersistentKeyValueChange.Writer?
    {
        guard let callers = listener.withLock({ $0.callers }) else { return nil }
        let key = channel + property
        let caller =
            if let signal {
                callers.caller(ofSignal: signal.sender, serial: signal.serial, key: key)
            } else {
                callers.caller(of: key)
            }
        return caller.map { caller in
            PersistentKeyValueChange.Writer(pid: caller.pid, processName: caller.name, time: Date())
        }
    }
}
