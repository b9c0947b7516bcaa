import PrefsKit

/// Keeps the current theme, as seed 003's controller does, but through a typed key on any store.
final class ThemeController {
    private let store: any PersistentKeyValueStore

    init(store: any PersistentKeyValueStore) {
        self.store = store
    }

    /// The theme in effect: a `-theme` launch argument, else the stored theme, else light.
    var currentTheme: Theme { store.get(.theme) }

    func changeTheme(to theme: Theme) {
        store.set(.theme, to: theme)
    }
}
