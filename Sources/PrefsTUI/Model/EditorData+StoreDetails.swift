import PrefsCore

/// What a suite's store says of a key beyond its value, for the details pane: asked when shown, never kept.
extension EditorData {
    /// The text a key's value expands from, when its store expands values as it reads them (a KConfig `[$e]`).
    func unexpandedText(of key: String, inSuite name: String) -> String? {
        (try? suite(name))?.unexpandedText(forKey: key)
    }

    /// The format a suite is kept in, for people, when its store keeps documents: "binary property list".
    func format(of name: String) -> String? {
        (try? suite(name))?.document?.documentFormatDescription
    }

    /// The type a key is stored as in its store's own words, where they say more than the value's: `GVariant i` for a
    /// dconf key, `Xfconf uint` for an Xfconf property.
    func nativeTypeName(of key: String, inSuite name: String) -> String? {
        (try? suite(name))?.nativeText?.nativeTypeName(forKey: key)
    }
}
