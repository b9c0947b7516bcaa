public import PrefsTools

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A kind of store `prefs` can open, as `--store` (or `PREFS_STORE`) names it: the one table the resolver, the
/// handover to `prefs-postgres`, shell completion, `--help` and the man page derive from.
///
/// Adding a store means its module and one row in ``all``.
public struct StoreKind: Sendable {
    /// The kind's name, as `--store` takes it when the kind is chosen by a word (`files`, `gsettings`).
    public let name: String
    /// How `--store` names it, for help: `gsettings`, `postgres://user@host:port/database[?table=NAME]`.
    public let spelling: String
    /// What it is, for help.
    public let summary: String
    /// Whether `prefs` hands commands on this kind to the `prefs-postgres` helper, which links what this kind needs.
    public let needsHelper: Bool
    /// Whether the machine view (`prefs` alone) shows this kind, and when.
    public let presence: Presence
    /// The desktops (`XDG_CURRENT_DESKTOP`'s words) whose own settings this kind holds, which the machine view lists
    /// first there.
    public let desktops: [String]
    /// Whether a value of `--store` names this kind.
    let names: @Sendable (String) -> Bool
    /// The context of the store a value names, nothing opened yet.
    let open: @Sendable (_ value: String, _ configDirectory: URL, _ environment: [String: String]) -> ToolContext

    /// A kind of store: a row of the table.
    ///
    /// - Parameters:
    ///   - name: The kind's name.
    ///   - spelling: How `--store` names it, for help.
    ///   - summary: What it is, for help.
    ///   - needsHelper: Whether `prefs-postgres` runs its commands.
    ///   - presence: Whether the machine view shows it, and when.
    ///   - desktops: The desktops whose own settings it holds.
    ///   - names: Whether a value of `--store` names it.
    ///   - open: The context of the store a value names (given `--config-dir` and the environment), nothing opened.
    public init(
        name: String, spelling: String, summary: String, needsHelper: Bool = false,
        presence: Presence = .named, desktops: [String] = [], names: @escaping @Sendable (String) -> Bool,
        open:
            @escaping @Sendable (_ value: String, _ configDirectory: URL, _ environment: [String: String]) ->
            ToolContext
    ) {
        self.name = name
        self.spelling = spelling
        self.summary = summary
        self.needsHelper = needsHelper
        self.presence = presence
        self.desktops = desktops
        self.names = names
        self.open = open
    }

    /// Every kind, in the order help lists them.
    public static let all: [StoreKind] = [
        StoreKind(
            name: "files", spelling: "files",
            summary: "the suite files of the configuration directory, the default (--config-dir names it)",
            needsHelper: false, presence: .always, names: { $0 == "files" },
            open: { _, directory, environment in
                StoreResolver.filesContext(configDirectory: directory, environment: environment)
            }),
        StoreKind(
            name: StoreResolver.gsettings, spelling: StoreResolver.gsettings,
            summary: "GNOME's settings (the installed GSettings schemas, stored by dconf)",
            needsHelper: false, presence: .when(StoreResolver.gsettingsMayBeHere),
            desktops: ["GNOME", "Unity", "Budgie", "Cinnamon", "X-Cinnamon", "MATE", "Pantheon"],
            names: { $0 == StoreResolver.gsettings },
            open: { _, _, _ in StoreResolver.gsettingsContext() }),
        StoreKind(
            name: StoreResolver.kconfig, spelling: StoreResolver.kconfig,
            summary: "KDE's settings (the KConfig files of the configuration directory: kdeglobals, *rc)",
            needsHelper: false, presence: .when(StoreResolver.kconfigMayBeHere), desktops: ["KDE"],
            names: { $0 == StoreResolver.kconfig },
            open: { _, directory, environment in
                StoreResolver.kconfigContext(configDirectory: directory, environment: environment)
            }),
        StoreKind(
            name: StoreResolver.xfconf, spelling: StoreResolver.xfconf,
            summary: "XFCE's settings (the Xfconf channels xfconfd keeps, as xfconf-query shows them)",
            needsHelper: false, presence: .when(StoreResolver.xfconfMayBeHere), desktops: ["XFCE"],
            names: { $0 == StoreResolver.xfconf },
            open: { _, _, _ in StoreResolver.xfconfContext() }),
        StoreKind(
            name: StoreResolver.flatpak, spelling: StoreResolver.flatpak,
            summary: "Flatpak apps' own settings (each installed app's GSettings schemas, its keyfile in ~/.var/app)",
            needsHelper: false, presence: .when(StoreResolver.flatpakMayBeHere), names: { $0 == StoreResolver.flatpak },
            open: { _, _, environment in StoreResolver.flatpakContext(environment: environment) }),
        StoreKind(
            name: "postgresql", spelling: "postgres://user@host:port/database[?table=NAME]",
            summary: "settings shared across machines, through prefs-postgres",
            // A URL of any scheme: the helper names what is wrong with one that is not PostgreSQL's.
            needsHelper: true, names: { $0.contains("://") },
            open: { value, _, _ in StoreResolver.postgresContext(value) }),
    ]

    /// When the machine view shows a kind of store.
    public enum Presence: Sendable {
        /// Always: prefs' own suites, where a new suite goes, shown even before the first.
        case always
        /// When a cheap look (a file, an address) says it holds settings: asking the store itself would cost a
        /// daemon's start, or a listing the view makes again.
        case when(@Sendable (_ environment: [String: String]) -> Bool)
        /// Only when `--store` names it: a database somewhere else.
        case named
    }

    /// The kind a value of `--store` names.
    ///
    /// - Parameter value: The value, as typed.
    /// - Returns: The kind, or `nil` for a value that names none.
    public static func named(by value: String) -> StoreKind? {
        all.first { $0.names(value) }
    }

    /// The words `--store` takes alone (every kind's but a URL's), for completion and "did you mean".
    public static var words: [String] {
        all.filter { $0.spelling == $0.name }.map(\.name)
    }

    /// What `--store` takes, for its help and the man page: every kind, one line each.
    public static var help: String {
        all.map { "\($0.spelling): \($0.summary)" }.joined(separator: "; ")
    }
}
