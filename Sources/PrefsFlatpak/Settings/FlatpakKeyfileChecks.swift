import PrefsGLib

/// Checks of GLib's key-file reader and editor (PrefsGLib's `GLibKeyfile`) on arbitrary bytes, for the fuzz target
/// in `Fuzz/`, which can reach only public API.
@_spi(Fuzzing)
public enum FlatpakKeyfileChecks {
    /// Reads bytes as a keyfile, and checks that a file GLib reads whole is written back byte for byte, and that an
    /// edit of one key changes that key alone: every other key of every group reads as before.
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: `nil` when the invariants hold, otherwise what went wrong.
    public static func check(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= GLibKeyfile.limit else { return nil }
        let keyfile = GLibKeyfile(bytes)
        guard keyfile.problem == nil else {
            // A file GLib stops reading is never edited.
            var edited = keyfile
            edited.set(group: "fuzz", key: "key", value: "1")
            return edited.bytes == keyfile.bytes ? nil : "a file with a problem was edited"
        }
        if keyfile.bytes != bytes { return "the file read whole is not written back byte for byte" }
        let before = everyValue(keyfile)
        let group = keyfile.groups.last ?? "fuzz/group"
        let key = keyfile.keys(in: group).first ?? "fuzz-key"
        var edited = keyfile
        edited.set(group: group, key: key, value: "'edited'")
        let again = GLibKeyfile(edited.bytes)
        if again.problem != nil { return "an edit made a file GLib stops reading: \(again.problem ?? "")" }
        if again.value(group: group, key: key) != "'edited'" { return "the edited key does not read as written" }
        var expected = before
        expected[group + "\u{0}" + key] = "'edited'"
        if everyValue(again) != expected { return "an edit of \(group) \(key) changed another key" }
        return nil
    }

    /// Every key's value, by its group and name.
    private static func everyValue(_ keyfile: GLibKeyfile) -> [String: String] {
        var values: [String: String] = [:]
        for group in keyfile.groups {
            for key in keyfile.keys(in: group) { values[group + "\u{0}" + key] = keyfile.value(group: group, key: key) }
        }
        return values
    }
}
