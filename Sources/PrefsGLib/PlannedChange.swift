package import PrefsCore

/// One key's change, checked and converted, as a write of a store on GLib plans it before making it: what the journal
/// stages and observers are told, and the GVariant sent: GLib's (``Variant``) or one serialized without GLib
/// (``SerializedVariant``).
package struct PlannedChange<Payload: Sendable>: Sendable {
    /// The key: a GSettings key, a dconf key's name, an Xfconf property.
    package let key: String
    /// The value to send, or `nil` to reset the key.
    package let variant: Payload?
    /// What the key held, as observers see it.
    package let old: PropertyListValue?
    /// What it holds after, as observers see it.
    package let new: PropertyListValue?

    /// Creates a planned change.
    package init(key: String, variant: Payload?, old: PropertyListValue?, new: PropertyListValue?) {
        self.key = key
        self.variant = variant
        self.old = old
        self.new = new
    }

    /// The change as the journal and observers take it.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - writer: This process's writer of the write.
    /// - Returns: The change, from this process.
    package func change(suite: String, writer: PersistentKeyValueChange.Writer) -> PersistentKeyValueChange {
        PersistentKeyValueChange(
            suite: suite, key: key, oldValue: old, newValue: new, origin: .thisProcess, writer: writer)
    }
}
