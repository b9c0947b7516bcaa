/// Where instances of a relocatable schema live, as GNOME's own programs place them: the knowledge dconf-editor
/// builds in, since a compiled schema does not say where its instances are.
///
/// A pattern is a dconf directory in which an empty part stands for any one part, as dconf-editor's
/// `relocatable-schemas-user-paths` writes them: `/org/gnome/desktop/app-folders/folders//` is every folder under
/// `folders/`.
struct RelocatablePairing: Hashable, Sendable {
    /// The relocatable schema's id.
    let schema: String
    /// The directories its instances are at, with empty parts as wildcards.
    let pattern: String

    /// Whether a dconf directory is one the pattern describes.
    ///
    /// - Parameter directory: A dconf directory, starting and ending with `/`.
    /// - Returns: Whether each part matches: equal, or any non-empty part where the pattern's is empty.
    func matches(_ directory: String) -> Bool {
        let wanted = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == parts.count else { return false }
        return zip(wanted, parts).allSatisfy { want, part in want.isEmpty ? true : want == part }
            && !parts.dropFirst().dropLast().contains { $0.isEmpty }
    }

    /// The pairings of GNOME's relocatable schemas whose instances' places are fixed by the programs that make them.
    static let builtIn: [RelocatablePairing] = [
        RelocatablePairing(
            schema: "org.gnome.desktop.app-folders.folder", pattern: "/org/gnome/desktop/app-folders/folders//"),
        RelocatablePairing(
            schema: "org.gnome.desktop.notifications.application",
            pattern: "/org/gnome/desktop/notifications/application//"),
        RelocatablePairing(
            schema: "org.gnome.desktop.peripherals.tablet", pattern: "/org/gnome/desktop/peripherals/tablets//"),
        RelocatablePairing(
            schema: "org.gnome.desktop.peripherals.tablet.stylus", pattern: "/org/gnome/desktop/peripherals/stylus//"),
        RelocatablePairing(
            schema: "org.gnome.desktop.peripherals.touchscreen",
            pattern: "/org/gnome/desktop/peripherals/touchscreens//"),
        RelocatablePairing(
            schema: "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding",
            pattern: "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings//"),
        RelocatablePairing(
            schema: "org.gnome.Terminal.Legacy.Profile", pattern: "/org/gnome/terminal/legacy/profiles://"),
    ]
}

/// A list key of a schema whose elements name instances of a relocatable schema: how a program records the instances
/// it made, even those whose keys all hold their defaults and so are nowhere in dconf.
struct RelocatableList: Hashable, Sendable {
    /// The schema holding the list, at its own path.
    let parent: String
    /// The list key, of type `as`.
    let key: String
    /// The relocatable schema of the instances.
    let child: String
    /// How an element becomes the instance's directory: a prefix and suffix around it, or the element itself when
    /// both are empty (a list of paths).
    let prefix: String
    let suffix: String

    /// The directory an element names, or `nil` when it names none.
    ///
    /// - Parameter element: One of the list's strings.
    /// - Returns: A dconf directory.
    func directory(for element: String) -> String? {
        guard !element.isEmpty, prefix.isEmpty || !element.contains("/") else { return nil }
        let path = prefix + element + suffix
        guard path.hasPrefix("/"), path.hasSuffix("/"), !path.contains("//") else { return nil }
        return path
    }

    /// The list keys of GNOME's own schemas that name relocatable instances.
    static let builtIn: [RelocatableList] = [
        RelocatableList(
            parent: "org.gnome.desktop.app-folders", key: "folder-children",
            child: "org.gnome.desktop.app-folders.folder", prefix: "/org/gnome/desktop/app-folders/folders/",
            suffix: "/"),
        RelocatableList(
            parent: "org.gnome.desktop.notifications", key: "application-children",
            child: "org.gnome.desktop.notifications.application",
            prefix: "/org/gnome/desktop/notifications/application/", suffix: "/"),
        RelocatableList(
            parent: "org.gnome.settings-daemon.plugins.media-keys", key: "custom-keybindings",
            child: "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding", prefix: "", suffix: ""),
        RelocatableList(
            parent: "org.gnome.Terminal.ProfilesList", key: "list", child: "org.gnome.Terminal.Legacy.Profile",
            prefix: "/org/gnome/terminal/legacy/profiles:/:", suffix: "/"),
    ]
}
