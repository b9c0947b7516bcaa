public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Xfconf channel: a suite of the ``XfconfStore``, and a store of its own for PrefsKit's typed API.
///
/// Its keys are the channel's property paths (`/general/theme`). Reads go to xfconfd each time, so they see every
/// program's writes at once; the values last seen are kept only to tell what changed when xfconfd says a property
/// did.
public final class XfconfChannel: PersistentKeyValueStore, Sendable {
    /// The channel's name.
    public let name: String
    /// The store the channel belongs to.
    public let store: XfconfStore
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { store.launchArguments }
    let bus: XfconfBus
    /// The values last seen, to tell what a change signal changed; `nil` until the channel is observed.
    let seen = SeenValues()
    /// The locks of the system channel files, read when the channel is opened.
    let layers = LiveSystemLayers()

    /// What the system channel files give the channel, read when it is opened.
    let systemFile: XfconfChannelFile

    /// Opens a channel: its system channel files are read, and xfconfd is asked which of the properties they lock
    /// apply to this user; its properties are read when it is first observed (``prime()``), so that a command that
    /// reads one property makes one call.
    ///
    /// - Throws: ``XfconfStoreError/unreachable(_:)`` when xfconfd cannot be asked.
    init(name: String, bus: XfconfBus, store: XfconfStore) throws(XfconfStoreError) {
        self.name = name
        self.bus = bus
        self.store = store
        systemFile = XfconfChannelFile.read(channel: name)
        layers.replace(with: try Self.systemLayers(of: systemFile, channel: name, bus: bus))
    }

    /// Reads the channel's values once, so that the first change xfconfd announces is told from what it replaced.
    ///
    /// - Parameter empty: Prime as if the channel held nothing, for one made since its store was observed.
    func prime(empty: Bool = false) {
        guard !seen.isPrimed else { return }
        seen.prime(empty ? [:] : primitiveValues())
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        guard
            let variant = reading({ () throws(SessionBusConnection.Failure) in try bus.property(key, of: name) }) ?? nil
        else {
            return nil
        }
        return userValue(VariantConversion.value(of: variant), of: key)
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        userValues(reading { () throws(SessionBusConnection.Failure) in try bus.properties(of: name) } ?? [:])
    }

    /// A read of xfconfd's, whose failure is told rather than dropped.
    ///
    /// One that fails reads as nothing, since the protocol's reads cannot throw, and is told to the channel's and the
    /// store's observers (`prefs watch` prints it). The command line names the failure itself: the existence check
    /// lists the channels, which fails alike.
    private func reading<Result>(_ body: () throws(SessionBusConnection.Failure) -> Result) -> Result? {
        do {
            return try body()
        } catch {
            let problem = XfconfStoreError.unreachable(error.reason)
            changeNotifier.report(problem)
            store.changeNotifier.report(problem)
            return nil
        }
    }

    /// A value xfconfd gave as the user's: `nil` when it is the one a system channel file gives, which xfconfd
    /// answers with where the user set none.
    func userValue(_ value: PropertyListValue, of property: String) -> PropertyListValue? {
        systemFile.values[property] == value ? nil : value
    }

    /// The user's values among the properties xfconfd gave.
    func userValues(_ properties: [String: Variant]) -> [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for (property, variant) in properties {
            values[property] = userValue(VariantConversion.value(of: variant), of: property)
        }
        return values
    }

    /// Why a property cannot be written, or `nil` when it can.
    public func readOnlyReason(forKey key: String) -> String? {
        // Doubt leaves the write to find out: xfconfd itself refuses a locked property.
        (try? bus.isLocked(key, of: name)) == true ? "locked by \(Self.lockSource)" : nil
    }

    /// What locks a property of this store.
    static let lockSource = "the system administrator (a system channel file)"
    /// Where a locked property's value comes from.
    static let systemSource = "the system channel files ($XDG_CONFIG_DIRS/xfce4/xfconf)"

    /// The system channel files' values as one layer, and their locks that apply to this user, as xfconfd says.
    private static func systemLayers(
        of file: XfconfChannelFile, channel: String, bus: XfconfBus
    ) throws(XfconfStoreError) -> SystemLayers {
        var locks = SuiteLocks()
        for property in file.lockable.sorted() {
            do {
                if try bus.isLocked(property, of: channel) { locks.lock(property, by: lockSource) }
            } catch {
                throw .unreachable(error.reason)
            }
        }
        let layers = file.values.isEmpty ? [] : [SystemLayers.Layer(source: systemSource, values: file.values)]
        return SystemLayers(layers: layers, locks: locks)
    }

    // MARK: - Changes

    /// Takes in a change xfconfd announced, and delivers it when it differs from what was last seen, attributed
    /// through the journal when it knows the writer.
    ///
    /// - Parameters:
    ///   - property: The property.
    ///   - announced: Its new value, or `nil` when it was removed.
    ///   - signal: The sender and serial of xfconfd's signal, which the store's monitor of the bus names the cause of.
    func apply(
        _ property: String, _ announced: PropertyListValue?, announcedBy signal: (sender: String, serial: UInt32)?
    ) {
        let value = announced.flatMap { userValue($0, of: property) }
        let differences = seen.differences([(property, value)])
        guard !differences.isEmpty else { return }
        post(
            store.journal.attribute(differences, suite: name, named: name, timeout: .milliseconds(200)) {
                [store, name] key in store.heardWriter(channel: name, property: key, signal: signal)
            })
    }

    /// Delivers changes to this channel's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
