public import PrefsCore
import PrefsFileStore
import PrefsKConfig
import PrefsStoreKit
public import PrefsTools
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(PrefsGSettings)
import PrefsGSettings
#endif
#if canImport(PrefsXfconf)
import PrefsXfconf
#endif
#if canImport(PrefsFlatpak)
import PrefsFlatpak
#endif

/// The machine view: every store of the table that holds settings here, as one store (``PrefsTools/MachineStore``).
extension StoreResolver {
    /// Whether a command line leaves the store to `prefs`: no `--store`, no `PREFS_STORE`, no `--config-dir`; the
    /// editor then opens the machine.
    ///
    /// - Parameters:
    ///   - configDir: `--config-dir`, as typed.
    ///   - storeURL: `--store`, as typed.
    ///   - environment: Where `PREFS_STORE` is read.
    /// - Returns: Whether nothing narrows it to one store.
    public static func namesNoStore(
        configDir: String?, storeURL: String?, environment: [String: String] = ProcessEnvironment.current
    ) -> Bool {
        configDir == nil && storeURL == nil && (environment["PREFS_STORE"] ?? "").isEmpty
    }

    /// The context of every store here, as the store table lists them: those whose kind is always shown (prefs'
    /// own suites) and those that hold a suite or a schema, the desktop's own first (`XDG_CURRENT_DESKTOP`), the
    /// rest in the table's order.
    ///
    /// - Parameter environment: The process's environment: its desktop, XDG folders and session bus.
    /// - Returns: The context; nothing is opened until a tool asks.
    public static func machineContext(environment: [String: String] = ProcessEnvironment.current) -> ToolContext {
        machineContext(MachineOpening(environment: environment))
    }

    /// The context of a machine's stores as one.
    private static func machineContext(_ machine: MachineOpening) -> ToolContext {
        ToolContext(
            locationDescription: "this machine", codec: FilePropertyListCodec(),
            machine: { creating in machine.store(creating: creating) })
    }

    /// The kinds of the table in the order the machine view lists them: the desktop's own first.
    static func machineOrder(environment: [String: String]) -> [StoreKind] {
        let desktops = Set((environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.uppercased() })
        let own = { (kind: StoreKind) in kind.desktops.contains { desktops.contains($0.uppercased()) } }
        return StoreKind.all.filter(own) + StoreKind.all.filter { !own($0) }
    }

    /// Whether GNOME's settings are here (``StoreKind/Presence/when(_:)``).
    static func gsettingsMayBeHere(_ environment: [String: String]) -> Bool {
        #if canImport(PrefsGSettings)
        GSettingsStore.mayHoldSettings(environment: environment)
        #else
        false
        #endif
    }

    /// Whether KDE's settings may be here, told from the folders' entries without listing every file.
    static func kconfigMayBeHere(_ environment: [String: String]) -> Bool {
        KConfigStore.mayHoldSettings(environment: environment)
    }

    /// Whether XFCE's settings may be here, told without starting xfconfd.
    static func xfconfMayBeHere(_ environment: [String: String]) -> Bool {
        #if canImport(PrefsXfconf)
        XfconfStore.mayHoldSettings(environment: environment)
        #else
        false
        #endif
    }
}

extension StoreResolver {
    /// Whether Flatpak apps may be here: an installation holds an app, told from its folder's entries.
    static func flatpakMayBeHere(_ environment: [String: String]) -> Bool {
        #if canImport(PrefsFlatpak)
        FlatpakStore.mayHoldSettings(environment: environment)
        #else
        false
        #endif
    }
}

/// Opens the machine's stores once, for both the context's store and its schemas.
///
/// Opened to read, prefs' own suites are left out when their folder does not exist yet; opened to write, they are
/// there: each way is kept apart.
private final class MachineOpening: Sendable {
    let environment: [String: String]
    private let opened = Mutex<[Bool: MachineStore]>([:])
    private let kinds = Mutex<[(kind: StoreKind, context: ToolContext)]?>(nil)

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// The kinds of store here, each with its context, in the machine view's order; found once.
    ///
    /// prefs' own suites are always here, even before their folder exists; another kind when a look at its files
    /// says it may hold settings (its row's ``StoreKind/Presence``), which its listing then shows, with its problem
    /// when it cannot list them.
    func present() -> [(kind: StoreKind, context: ToolContext)] {
        if let found = kinds.withLock({ $0 }) { return found }
        let configDirectory = XDGDirectories.configHome(environment: environment)
        var found: [(kind: StoreKind, context: ToolContext)] = []
        for kind in StoreResolver.machineOrder(environment: environment) {
            switch kind.presence {
            case .named: continue
            case .always: found.append((kind, kind.open(kind.name, configDirectory, environment)))
            case .when(let isHere):
                // Listed once, by the view: the look (compiled schemas, channel files, a folder's entries) says enough.
                guard isHere(environment) else { continue }
                found.append((kind, kind.open(kind.name, configDirectory, environment)))
            }
        }
        kinds.withLock { $0 = found }
        return found
    }

    /// The machine's store: each kind present here, opened (prefs' own folder created only when `creating`); a
    /// kind whose store cannot be opened is kept as a folder saying why, and the others open.
    func store(creating: Bool) -> MachineStore {
        if let store = opened.withLock({ $0[creating] }) { return store }
        var members: [MachineStore.Member] = []
        var unavailable: [(word: String, problem: String)] = []
        for (kind, context) in present() {
            do {
                guard let store = try context.store(creating: creating) else { continue }
                members.append(
                    MachineStore.Member(
                        word: kind.name, summary: kind.summary, store: store, schemas: try context.schemas()))
            } catch {
                unavailable.append((kind.name, "\(error)"))
            }
        }
        let machine = MachineStore(members: members, unavailable: unavailable)
        return opened.withLock { opened in
            if let earlier = opened[creating] { return earlier }
            opened[creating] = machine
            return machine
        }
    }
}

extension StoreResolver {
    /// What the editor opens: the store a command line names, as every command does; else the machine.
    ///
    /// A suite named alone is the file store's, as `prefs read SUITE` reads it, unless only another store of the
    /// machine holds it: `prefs tui org.gnome.desktop.interface` opens GNOME's. `STORE:SUITE` names any store's.
    ///
    /// - Parameters:
    ///   - configDir: `--config-dir`, as typed.
    ///   - storeURL: `--store`, as typed.
    ///   - suite: The suite to open at, as typed.
    ///   - environment: The process's environment.
    /// - Returns: The context, and the suite as that context names it.
    public static func editorContext(
        configDir: String?, storeURL: String?, suite: String?,
        environment: [String: String] = ProcessEnvironment.current
    ) -> (context: ToolContext, suite: String?) {
        let named = context(configDirectory: configDirectory(configDir), storeURL: storeURL, environment: environment)
        guard namesNoStore(configDir: configDir, storeURL: storeURL, environment: environment) else {
            return (named, suite)
        }
        let opening = MachineOpening(environment: environment)
        // A machine of one store (a server's prefs' own suites) is that store, not a tree of one folder.
        guard opening.present().count > 1 else { return (named, suite) }
        let machine = machineContext(opening)
        guard let suite else { return (machine, nil) }
        let store = opening.store(creating: false)
        if let parsed = MachineSuiteName(suite), store.member(parsed.store) != nil { return (machine, suite) }
        if (try? named.suiteNames().contains(suite)) == true { return (named, suite) }
        let holders = store.members.filter { member in
            ((try? member.store.listSuites()) ?? []).contains(suite)
                || ((try? member.schemas.schemaSuites()) ?? []).contains(suite)
        }
        guard holders.count == 1, let holder = holders.first else { return (named, suite) }
        return (machine, MachineSuiteName(store: holder.word, suite: suite).description)
    }
}
