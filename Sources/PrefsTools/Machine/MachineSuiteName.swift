/// A suite of the machine view, named by its store's `--store` word and its own name:
/// `gsettings:org.gnome.desktop.interface`, `kconfig:kdeglobals`, `files:com.example.app`.
///
/// The word holds no colon, so the first colon ends it whatever the suite's own name holds (a GSettings instance at
/// a path, `gsettings:org.gnome.Terminal.Legacy.Profile:/org/gnome/terminal/legacy/profiles:/:b1/`).
public struct MachineSuiteName: Hashable, Sendable, CustomStringConvertible {
    /// The store's word, as `--store` takes it.
    public let store: String
    /// The suite's name in its store.
    public let suite: String

    /// A suite of a store.
    ///
    /// - Parameters:
    ///   - store: The store's word.
    ///   - suite: The suite's name in it.
    public init(store: String, suite: String) {
        self.store = store
        self.suite = suite
    }

    /// The name read back, or `nil` for one that names no store (no colon, or nothing before it).
    ///
    /// - Parameter name: The machine view's name of a suite.
    public init?(_ name: String) {
        guard let colon = name.firstIndex(of: ":"), colon != name.startIndex else { return nil }
        store = String(name[..<colon])
        suite = String(name[name.index(after: colon)...])
    }

    /// The machine view's name: the word, a colon, the suite's own name.
    public var description: String { store + ":" + suite }
}
