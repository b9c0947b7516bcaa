package import PrefsCore

/// What a write gives a key of a store on GLib: a value, or GVariant text (`--type gvariant`).
package enum VariantInput: Sendable {
    /// A value, stored with the type the key holds, else the type the value implies.
    case value(PropertyListValue)
    /// GVariant text, stored with the type the text gives (`uint32 5`).
    case text(String)
}
