public import PrefsCore
import PrefsStoreKit

/// Why the Xfconf store refused a channel, a property or a value; each says what is wrong on one line.
public enum XfconfStoreError: StoreErrorConvertible, Sendable, Hashable, CustomStringConvertible {
    /// A channel's name is not one xfconfd takes.
    case invalidChannel(String, reason: String)
    /// A property's name is not one xfconfd takes.
    case invalidProperty(channel: String, property: String, reason: String)
    /// The value cannot be stored in the property.
    case invalidValue(channel: String, property: String, reason: String)
    /// A system channel file locks the property for this user.
    case locked(channel: String, property: String)
    /// xfconfd refused or could not be reached: its reason.
    case unreachable(String)
    /// Xfconf has no schemas to install.
    case noSchemas
    /// GLib, which holds the values, cannot be loaded: the dynamic loader's reason.
    case gioUnavailable(String)
    /// The user's folder of channel files exists but cannot be listed.
    case unreadableFolder(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidChannel(let channel, let reason):
            "invalid Xfconf channel \(TextEscaping.quoted(channel)): \(reason)"
        case .invalidProperty(let channel, let property, let reason):
            "invalid property \(TextEscaping.quoted(property)) of channel \(TextEscaping.quoted(channel)): \(reason)"
        case .invalidValue(let channel, let property, let reason):
            "property \(TextEscaping.quoted(property)) of channel \(TextEscaping.quoted(channel)): \(reason); nothing "
                + "was written"
        case .locked(let channel, let property):
            "property \(TextEscaping.quoted(property)) of channel \(TextEscaping.quoted(channel)) is locked by the "
                + "system administrator (a system channel file); nothing was written"
        case .unreachable(let reason):
            "Xfconf (xfconfd, on the session bus) cannot be used: \(reason)"
        case .noSchemas:
            "Xfconf has no schemas: its properties carry their types themselves"
        case .gioUnavailable(let reason):
            "XFCE's settings need GLib, which cannot be loaded (\(reason)); install it (Debian: libglib2.0-0)"
        case .unreadableFolder(let path, let reason):
            "XFCE's channel files in \(TextEscaping.quoted(path)) cannot be listed: \(reason)"
        }
    }

    /// The error as the typed API's writes throw it.
    public var storeError: PersistentKeyValueStoreError {
        switch self {
        case .invalidValue, .invalidProperty: PersistentKeyValueStoreError(.encoding, message: description)
        case .locked: PersistentKeyValueStoreError(.locked, message: description)
        case .unreachable, .gioUnavailable, .unreadableFolder: PersistentKeyValueStoreError(.io, message: description)
        case .invalidChannel, .noSchemas: PersistentKeyValueStoreError(.refused, message: description)
        }
    }
}
